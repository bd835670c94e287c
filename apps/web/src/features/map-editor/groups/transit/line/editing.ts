/**
 * Whether the line tab edits its route (spec 2 §4 "Transit rules": edit mode is on when the selection matches this
 * line and route, and off otherwise), and which selection does what. Pure, for the tab's components and tests.
 */
import type { Selection } from '../../../state/types.ts';

export type EditTarget = 'route' | 'networkRoute';
export type NetworkRouteMode = 'none' | 'add' | 'delete';

/** What the selection edits of this line's route: the route, its network route, or nothing. */
export function editTarget(selection: Selection, lineId: string, routeId: string | undefined): EditTarget | undefined {
  if (routeId === undefined) return undefined;
  if (selection.type !== 'transit-route' && selection.type !== 'transit-network-route') return undefined;
  if (selection.lineId !== lineId || selection.routeId !== routeId) return undefined;
  return selection.type === 'transit-route' ? 'route' : 'networkRoute';
}

/** The network-route mode of the selection (none unless its network route is being edited). */
export const networkRouteMode = (selection: Selection): NetworkRouteMode => (selection.type === 'transit-network-route' ? selection.mode : 'none');

export const routeSelection = (lineId: string, routeId: string): Selection => ({ type: 'transit-route', lineId, routeId });
export const networkRouteSelection = (lineId: string, routeId: string, mode: NetworkRouteMode = 'none'): Selection => ({ type: 'transit-network-route', lineId, routeId, mode });

/**
 * The route the Routes card shows: the chosen one while it exists, else the first remaining (spec 2 §4), none
 * when the line has no routes. `routeIds` in the card's order.
 */
export function shownRouteId(chosen: string | undefined, routeIds: readonly string[]): string | undefined {
  if (chosen !== undefined && routeIds.includes(chosen)) return chosen;
  return routeIds[0];
}

/** After deleting `deleted`: the route to choose next (the one after it, else before it), or none. */
export function routeAfterDelete(deleted: string, routeIds: readonly string[]): string | undefined {
  const at = routeIds.indexOf(deleted);
  const rest = routeIds.filter((id) => id !== deleted);
  if (rest.length === 0) return undefined;
  return rest[Math.min(Math.max(at, 0), rest.length - 1)];
}
