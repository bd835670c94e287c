import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { TRANSIT_STOP } from '../entities.ts';
import { putRoute } from '../edit.ts';
import { routesOfStop } from '../read.ts';

type UpdateStop = Extract<TransitModification, { type: 'transitStop/update' }>;

/** Replaces the stop; a new id is carried into every route that serves it. */
export const updateStop: EditKind<UpdateStop> = {
  type: 'transitStop/update',
  disabled: (graph, mod) => {
    if (!graph.has(TRANSIT_STOP, mod.id)) return refusal('stopNotFound', { id: mod.id });
    return mod.stop.id !== mod.id && graph.has(TRANSIT_STOP, mod.stop.id) ? refusal('stopExists', { id: mod.stop.id }) : undefined;
  },
  apply: (draft, mod) => {
    if (mod.stop.id !== mod.id) {
      for (const route of routesOfStop(draft, mod.id)) {
        putRoute(draft, { ...route, stops: route.stops.map((stop) => (stop.id === mod.id ? { ...stop, id: mod.stop.id } : stop)) });
      }
      draft.remove(TRANSIT_STOP, mod.id);
    }
    draft.put(TRANSIT_STOP, { ...mod.stop });
  },
};
