/** Writes the transit kinds share: routes put under their key, removals that drop what is left empty (spec 2 §4). */
import type { TransitRoute } from '@corridor/contract';
import type { GraphDraft, GraphReader } from '../graph/graph.ts';
import { refusal, type Refusal } from '../refusal.ts';
import { ROUTES_OF_LINE, routeEntity, routeKey, TRANSIT_LINE, TRANSIT_ROUTE } from './entities.ts';
import { routeOf } from './read.ts';

export const putRoute = (draft: GraphDraft, route: TransitRoute): void => draft.put(TRANSIT_ROUTE, routeEntity(route));

export function removeRoute(draft: GraphDraft, lineId: string, routeId: string): void {
  draft.remove(TRANSIT_ROUTE, routeKey(lineId, routeId));
}

/** Removes the route; a line left without routes disappears with it (spec 2 §4). */
export function removeRouteAndEmptyLine(draft: GraphDraft, lineId: string, routeId: string): void {
  removeRoute(draft, lineId, routeId);
  if (draft.referrers(ROUTES_OF_LINE.name, lineId).length === 0 && draft.has(TRANSIT_LINE, lineId)) draft.remove(TRANSIT_LINE, lineId);
}

/** The route, or why there is none. */
export function findRoute(graph: GraphReader, lineId: string, routeId: string): { route: TransitRoute } | { refusal: Refusal } {
  const route = routeOf(graph, lineId, routeId);
  return route ? { route } : { refusal: refusal('routeNotFound', { lineId, id: routeId }) };
}

/** Why the route cannot be changed at all (it is not there), or undefined. */
export function routeRefusal(graph: GraphReader, lineId: string, routeId: string): Refusal | undefined {
  const found = findRoute(graph, lineId, routeId);
  return 'refusal' in found ? found.refusal : undefined;
}

/** Why the route cannot be changed at `index` of a list of `length` (route stops or network-route links). */
export function positionRefusal(lineId: string, routeId: string, index: number, length: number): Refusal | undefined {
  return index < length ? undefined : refusal('routePositionNotFound', { lineId, id: routeId, index });
}
