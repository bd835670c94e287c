import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { findRoute, positionRefusal, putRoute } from '../edit.ts';
import { routeOf } from '../read.ts';

type DeleteRouteStop = Extract<TransitModification, { type: 'route/deleteStop' }>;

/** A route always keeps at least one stop: removing one is ignored when one or fewer remain (spec 2 §4). */
export const deleteRouteStop: EditKind<DeleteRouteStop> = {
  type: 'route/deleteStop',
  disabled: (graph, mod) => {
    const found = findRoute(graph, mod.lineId, mod.routeId);
    return 'refusal' in found ? found.refusal : positionRefusal(mod.lineId, mod.routeId, mod.index, found.route.stops.length);
  },
  apply: (draft, mod) => {
    const route = routeOf(draft, mod.lineId, mod.routeId)!;
    if (route.stops.length <= 1) return;
    putRoute(draft, { ...route, stops: route.stops.filter((_, index) => index !== mod.index) });
  },
};
