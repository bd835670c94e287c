/**
 * Lasso (spec 2 §2, §5): clicks draw a polygon; a click within 20 pixels (zoom-scaled) of the first corner closes
 * it and selects the loaded nodes inside and the links with both ends inside (see geometry.ts). While the pointer
 * is that close the draft shows the ring closed. Reset and Escape drop the drawing.
 */
import { NO_SELECTION, type LngLat } from '../../state/types.ts';
import type { Handler } from '../../state/handler.ts';
import type { EditorStore } from '../../state/store.ts';
import { closesRing, selectionInPolygon } from './geometry.ts';
import { DraftSession } from './session.ts';

/** Corners needed before a click near the first one closes the ring. */
const MIN_CORNERS = 3;

const rings = new DraftSession<readonly LngLat[]>();

/** Whether a click at `point` closes the ring of these corners. */
export function closes(corners: readonly LngLat[], point: LngLat, degreesPerPixel: number): boolean {
  return corners.length >= MIN_CORNERS && closesRing(corners[0]!, point, degreesPerPixel);
}

function finish(store: EditorStore, corners: readonly LngLat[]): void {
  rings.end(store);
  const { links, nodes } = selectionInPolygon(store.getState().graph, corners);
  store.select(links.length + nodes.length > 0 ? { type: 'network-links-and-nodes', links, nodes } : NO_SELECTION);
}

export const lassoHandler: Handler = {
  tool: 'lasso',
  category: 'network',
  click(store, event) {
    const corners = rings.read(store) ?? [];
    if (closes(corners, event.lngLat, event.degreesPerPixel)) return finish(store, corners);
    const next = [...corners, event.lngLat];
    rings.write(store, { points: next }, next);
  },
  move(store, event) {
    const corners = rings.read(store);
    if (!corners) return;
    const closed = closes(corners, event.lngLat, event.degreesPerPixel);
    rings.write(store, closed ? { points: corners, closed } : { points: [...corners, event.lngLat] }, corners);
  },
  reset: (store) => rings.end(store),
  cancel: (store) => rings.end(store),
};
