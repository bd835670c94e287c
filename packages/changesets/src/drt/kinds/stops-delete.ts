import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { DRT_STOP } from '../entities.ts';

type DeleteStops = Extract<DrtModification, { type: 'drt/deleteStops' }>;

export const deleteDrtStops: EditKind<DeleteStops> = {
  type: 'drt/deleteStops',
  disabled: (graph, mod) => {
    const missing = mod.ids.find((id) => !graph.has(DRT_STOP, id));
    return missing === undefined ? undefined : refusal('drtStopNotFound', { id: missing });
  },
  apply: (draft, mod) => {
    for (const id of mod.ids) draft.remove(DRT_STOP, id);
  },
};
