import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { TRANSIT_STOP } from '../entities.ts';
import { putRoute, removeRouteAndEmptyLine } from '../edit.ts';
import { routesOfStop } from '../read.ts';

type DeleteStop = Extract<TransitModification, { type: 'transitStop/delete' }>;

/** Deleting a stop removes it from every route; routes left empty and lines left empty disappear (spec 2 §4). */
export const deleteStop: EditKind<DeleteStop> = {
  type: 'transitStop/delete',
  disabled: (graph, mod) => (graph.has(TRANSIT_STOP, mod.id) ? undefined : refusal('stopNotFound', { id: mod.id })),
  apply: (draft, mod) => {
    for (const route of routesOfStop(draft, mod.id)) {
      const stops = route.stops.filter((stop) => stop.id !== mod.id);
      if (stops.length > 0) putRoute(draft, { ...route, stops });
      else removeRouteAndEmptyLine(draft, route.transitLineId, route.id);
    }
    draft.remove(TRANSIT_STOP, mod.id);
  },
};
