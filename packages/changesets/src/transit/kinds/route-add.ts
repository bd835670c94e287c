import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { TRANSIT_LINE } from '../entities.ts';
import { putRoute } from '../edit.ts';
import { routeOf } from '../read.ts';

type AddRoute = Extract<TransitModification, { type: 'route/add' }>;

/** Adds a route to the line its transitLineId names. */
export const addRoute: EditKind<AddRoute> = {
  type: 'route/add',
  disabled: (graph, { route }) => {
    if (!graph.has(TRANSIT_LINE, route.transitLineId)) return refusal('lineNotFound', { id: route.transitLineId });
    return routeOf(graph, route.transitLineId, route.id) ? refusal('routeExists', { lineId: route.transitLineId, id: route.id }) : undefined;
  },
  apply: (draft, mod) => putRoute(draft, mod.route),
};
