import type { RouteStop, TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { ROUTE_STOP_END_OFFSET_S } from '../constants.ts';
import { findRoute, positionRefusal, putRoute } from '../edit.ts';
import { routeOf, stopOf } from '../read.ts';

type AddRouteStop = Extract<TransitModification, { type: 'route/addStop' }>;

/**
 * Places the stop after the given occurrence (`afterIndex`; -1: first). Ignored when a neighbour already is that
 * stop. Offsets: the mean of the neighbours' offsets, or at the end the last offset plus 60 s; first, the next
 * stop's offsets (its only neighbour) (spec 2 §4, §9).
 */
export const addRouteStop: EditKind<AddRouteStop> = {
  type: 'route/addStop',
  disabled: (graph, mod) => {
    const found = findRoute(graph, mod.lineId, mod.routeId);
    if ('refusal' in found) return found.refusal;
    if (!stopOf(graph, mod.stopId)) return refusal('stopNotFound', { id: mod.stopId });
    return mod.afterIndex === -1 ? undefined : positionRefusal(mod.lineId, mod.routeId, mod.afterIndex, found.route.stops.length);
  },
  apply: (draft, mod) => {
    const route = routeOf(draft, mod.lineId, mod.routeId)!;
    const previous = mod.afterIndex >= 0 ? route.stops[mod.afterIndex] : undefined;
    const next = route.stops[mod.afterIndex + 1];
    if (previous?.id === mod.stopId || next?.id === mod.stopId) return;
    const offsets = (pick: (stop: RouteStop) => number): number => {
      if (previous && next) return (pick(previous) + pick(next)) / 2;
      if (previous) return pick(previous) + ROUTE_STOP_END_OFFSET_S;
      return next ? pick(next) : 0;
    };
    const linkId = stopOf(draft, mod.stopId)!.linkId;
    const added: RouteStop = {
      id: mod.stopId,
      arrivalOffset: offsets((stop) => stop.arrivalOffset),
      departureOffset: offsets((stop) => stop.departureOffset),
      awaitDeparture: false,
      ...(linkId ? { linkId } : {}),
    };
    const stops = [...route.stops];
    stops.splice(mod.afterIndex + 1, 0, added);
    putRoute(draft, { ...route, stops });
  },
};
