import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { findRoute, positionRefusal, putRoute } from '../edit.ts';
import { routeOf, stopOf } from '../read.ts';

type UpdateRouteStop = Extract<TransitModification, { type: 'route/updateStop' }>;

/** The route stop at `index` replaced (offsets, await departure, its stop). */
export const updateRouteStop: EditKind<UpdateRouteStop> = {
  type: 'route/updateStop',
  disabled: (graph, mod) => {
    const found = findRoute(graph, mod.lineId, mod.routeId);
    if ('refusal' in found) return found.refusal;
    const position = positionRefusal(mod.lineId, mod.routeId, mod.index, found.route.stops.length);
    if (position) return position;
    return stopOf(graph, mod.stop.id) ? undefined : refusal('stopNotFound', { id: mod.stop.id });
  },
  apply: (draft, mod) => {
    const route = routeOf(draft, mod.lineId, mod.routeId)!;
    putRoute(draft, { ...route, stops: route.stops.map((stop, index) => (index === mod.index ? { ...mod.stop } : stop)) });
  },
};
