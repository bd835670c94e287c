/**
 * Public transport Edit (spec 2 §2, §4 "Network-route edit"). While a route is being edited (selection
 * transit-route), a click on a stop group adds its first stop at the end of the route. While its network route is
 * being edited (selection transit-network-route): in add mode a click on a link appends it when it continues the
 * route from its end node (a candidate or a U-turn), or puts it first when it leads into the start node, or starts the route when it is empty (the first link from all
 * links); in delete mode a click on one of the route's links removes it. A click on a route of the map opens it.
 */
import { candidatesAt, edgeNodes, routeOf, type GraphReader } from '@corridor/changesets';
import type { TransitModification } from '@corridor/contract';
import type { Handler, MapPointerEvent } from '../../../state/handler.ts';
import type { Selection } from '../../../state/types.ts';
import { hoverTransit } from './select.ts';

/** What a click does while editing a route or its network route; undefined when it does nothing. */
export function editClick(graph: GraphReader, selection: Selection, event: Pick<MapPointerEvent, 'stops' | 'linkId'>): TransitModification | undefined {
  if (selection.type !== 'transit-route' && selection.type !== 'transit-network-route') return undefined;
  const { lineId, routeId } = selection;
  const route = routeOf(graph, lineId, routeId);
  if (!route) return undefined;
  if (selection.type === 'transit-route') {
    const stopId = event.stops?.[0];
    return stopId === undefined ? undefined : { type: 'route/addStop', lineId, routeId, stopId, afterIndex: route.stops.length - 1 };
  }
  const linkId = event.linkId;
  if (linkId === undefined) return undefined;
  if (selection.mode === 'delete') {
    const index = route.links.lastIndexOf(linkId);
    return index < 0 ? undefined : { type: 'networkRoute/deleteLink', lineId, routeId, index };
  }
  if (selection.mode !== 'add') return undefined;
  if (route.links.length === 0) return { type: 'networkRoute/addLink', lineId, routeId, linkId, index: 0 };
  // After the end node first, else before the start node.
  const { start, end } = edgeNodes(graph, route);
  const offers = (node: string | undefined) => {
    if (node === undefined) return false;
    const { candidates, uTurns } = candidatesAt(graph, route, node);
    return [...candidates, ...uTurns].some((link) => link.id === linkId);
  };
  if (offers(end)) return { type: 'networkRoute/addLink', lineId, routeId, linkId, index: route.links.length };
  if (offers(start)) return { type: 'networkRoute/addLink', lineId, routeId, linkId, index: 0 };
  return undefined;
}

export const editRouteHandler: Handler = {
  tool: 'transit/edit',
  category: 'transit',
  move(store, event) {
    if (store.getState().selection.type === 'transit-network-route') store.hover(event.linkId ? { linkId: event.linkId } : {});
    else hoverTransit(store, event);
  },
  click(store, event) {
    const { graph, selection } = store.getState();
    const mod = editClick(graph, selection, event);
    if (mod) {
      store.perform(mod);
      return;
    }
    if (event.route && !event.stops) store.openLine(event.route.lineId, event.route.routeId);
  },
};
