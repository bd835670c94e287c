/**
 * Public transport Select (spec 2 §2, V): a click on a stop group selects its stops (Shift adds or removes), a click
 * on a route opens its line's tab with the route chosen, a click on nothing clears. Backspace deletes the selected
 * stops as one modification (their routes shrink, empty routes and lines go: spec 2 §4).
 */
import type { TransitModification } from '@corridor/contract';
import { assignStopToLink, assignStopToNode, stopOf, type GraphReader } from '@corridor/changesets';
import type { Handler, MapPointerEvent } from '../../../state/handler.ts';
import type { EditorStore } from '../../../state/store.ts';
import { NO_SELECTION, type Selection } from '../../../state/types.ts';
import { routeHoverKey } from '../routeKeys.ts';

/** The stop group or route under the pointer is the hovered one. */
export function hoverTransit(store: EditorStore, event: MapPointerEvent): void {
  store.hover(event.stops ? { stopGroup: event.stops[0] } : event.route ? { route: routeHoverKey(event.route.lineId, event.route.routeId) } : {});
}

/** Shift-click on a stop group: its stops join the selection, or leave it when all of them are in it already. */
export function toggledStops(current: Selection, stops: readonly string[]): Selection {
  if (current.type !== 'transit-stop') return { type: 'transit-stop', stops };
  const all = stops.every((id) => current.stops.includes(id));
  const next = all ? current.stops.filter((id) => !stops.includes(id)) : [...current.stops, ...stops.filter((id) => !current.stops.includes(id))];
  return next.length === 0 ? NO_SELECTION : { type: 'transit-stop', stops: next };
}

/** Deleting selected stops: one leaf, or one group for several, so it undoes as one. */
export function deleteStops(graph: GraphReader, ids: readonly string[]): TransitModification | undefined {
  const present = ids.filter((id) => stopOf(graph, id));
  if (present.length === 0) return undefined;
  const steps = present.map((id) => ({ type: 'transitStop/delete' as const, id }));
  return steps.length === 1 ? steps[0] : { type: 'transitStop/group', modifications: steps };
}

/**
 * The stop-assignment overlay's click (spec 2 §2, §4): a node assigns the stop to its self-loop link (a node without
 * one is refused with the missing self-loop reason, shown on the map), a link assigns it to that link; nothing
 * else ends the overlay.
 */
function assignClicked(store: EditorStore, event: MapPointerEvent): void {
  const { graph, assigningStop } = store.getState();
  if (assigningStop === null) return;
  const answer = event.nodeId ? assignStopToNode(graph, assigningStop, event.nodeId) : event.linkId ? assignStopToLink(graph, assigningStop, event.linkId) : undefined;
  if (!answer) {
    store.assignStop(null);
    return;
  }
  if ('refusal' in answer) {
    store.refuseWith(answer.refusal);
    return;
  }
  if (store.performAll(answer.mods) === undefined) store.assignStop(null);
}

export const transitSelectHandler: Handler = {
  tool: 'transit/select',
  category: 'transit',
  click(store, event) {
    if (store.getState().assigningStop !== null) {
      assignClicked(store, event);
      return;
    }
    if (event.stops) {
      store.select(event.shiftKey ? toggledStops(store.getState().selection, event.stops) : { type: 'transit-stop', stops: event.stops });
      return;
    }
    if (event.shiftKey) return;
    if (event.route) {
      store.openLine(event.route.lineId, event.route.routeId);
      return;
    }
    store.select(NO_SELECTION);
  },
  move(store, event) {
    if (store.getState().assigningStop !== null) store.hover(event.nodeId ? { nodeId: event.nodeId } : event.linkId ? { linkId: event.linkId } : {});
    else hoverTransit(store, event);
  },
  cancel: (store) => store.assignStop(null),
  delete(store) {
    const { graph, selection } = store.getState();
    if (selection.type !== 'transit-stop') return;
    const mod = deleteStops(graph, selection.stops);
    if (mod && !store.perform(mod)) store.select(NO_SELECTION);
  },
};
