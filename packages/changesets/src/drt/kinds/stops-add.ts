import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { DRT_STOP } from '../entities.ts';

type AddStops = Extract<DrtModification, { type: 'drt/addStops' }>;

/** Adds DRT stops (drawn, or generated in an area); every id must be new, also within the list. */
export const addDrtStops: EditKind<AddStops> = {
  type: 'drt/addStops',
  disabled: (graph, mod) => {
    const seen = new Set<string>();
    for (const stop of mod.stops) {
      if (seen.has(stop.id) || graph.has(DRT_STOP, stop.id)) return refusal('drtStopExists', { id: stop.id });
      seen.add(stop.id);
    }
    return undefined;
  },
  apply: (draft, mod) => {
    for (const stop of mod.stops) draft.put(DRT_STOP, { ...stop });
  },
};
