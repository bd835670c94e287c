/**
 * The polygon-draw handler of the DRT tab (spec 2 §2 "Map handlers": polygon draw; "Service Area card"; §4 "DRT
 * generation"; §5). One tool, `drt/area`, whose clicks mean what the DRT tab asks for:
 * - a generation form is open: clicks draw the area to generate in; a click within 20 px (zoom-scaled, the lasso's
 *   rule) of the first corner closes it and stores it as the generation area; the next click starts a new one;
 * - Service Area card in edit: dragging a corner moves it (one drt/moveServiceAreaPosition on release), a click on an
 *   edge adds a corner there (drt/addServiceAreaPosition);
 * - in delete: a click in an area removes it (drt/deleteServiceArea);
 * - otherwise (add, or the tool chosen in the toolbar): clicks draw a new service area; closing it adds it
 *   (drt/addServiceArea) and the card returns to view.
 * Escape drops the ring being drawn.
 */
import { addDrtAreaOf, drtAreas } from '@corridor/changesets';
import { closes } from '../../../canvas/handlers/lasso.ts';
import { DraftSession } from '../../../canvas/handlers/session.ts';
import type { Handler } from '../../../state/handler.ts';
import type { GroupTool } from '../../registry.ts';
import type { EditorStore } from '../../../state/store.ts';
import type { EditorState, LngLat } from '../../../state/types.ts';
import { areaAt, cornerAt, editableCorners, edgeAt, type CornerHit } from './areaGeometry.ts';
import { closedRing } from './generation.ts';

declare module '../../../state/types.ts' {
  interface ToolIds {
    'drt/area': true;
  }
}

export const DRT_AREA_TOOL = 'drt/area' as const;

/** What a click of the area tool does now. */
export type AreaPurpose = 'generation' | 'add' | 'edit' | 'delete';

export function areaPurpose(state: Pick<EditorState, 'drt'>): AreaPurpose {
  if (state.drt.generation !== 'none') return 'generation';
  if (state.drt.areaMode === 'edit' || state.drt.areaMode === 'delete') return state.drt.areaMode;
  return 'add';
}

const rings = new DraftSession<{ readonly corners: readonly LngLat[]; readonly closed?: boolean }>();

interface CornerDrag extends CornerHit {
  readonly ring: readonly LngLat[];
  readonly at: LngLat;
}

const drags = new DraftSession<CornerDrag>();

/** The dragged ring with the corner at its new place, closed, as the draft shows it. */
function dragDraft(drag: CornerDrag) {
  const points = drag.ring.map((corner, index) => (index === drag.index ? drag.at : corner));
  return { points, closed: true };
}

function finishRing(store: EditorStore, corners: readonly LngLat[]): void {
  const state = store.getState();
  if (areaPurpose(state) === 'generation') {
    // The area stays drawn (closed) until the next click starts a new one.
    rings.write(store, { points: corners, closed: true }, { corners, closed: true });
    store.setDrtArea(closedRing(corners));
    return;
  }
  rings.end(store);
  const reason = store.perform(addDrtAreaOf(state.graph, corners));
  if (reason) console.warn(`Adding the service area was not possible: ${reason}`);
  // Spec 2 §2: adding a feature returns the card to view (and the map to Select Vehicle).
  store.setServiceAreaMode('view');
  store.setTool('drt/selectVehicle');
}

function drawClick(store: EditorStore, lngLat: LngLat, degreesPerPixel: number): void {
  const session = rings.read(store);
  const corners = session && !session.closed ? session.corners : [];
  if (closes(corners, lngLat, degreesPerPixel)) return finishRing(store, corners);
  // A click after a closed generation area starts drawing it again: the old one is no longer the area.
  if (session?.closed && store.getState().drt.area) store.setDrtArea(null);
  const next = [...corners, lngLat];
  rings.write(store, { points: next }, { corners: next });
}

export const drtAreaHandler: Handler = {
  tool: DRT_AREA_TOOL,
  category: 'drt',
  click(store, event) {
    const state = store.getState();
    const purpose = areaPurpose(state);
    if (purpose === 'delete') {
      const hit = areaAt(drtAreas(state.graph), event.lngLat);
      if (hit) store.perform({ type: 'drt/deleteServiceArea', id: hit.id });
      return;
    }
    if (purpose === 'edit') {
      const areas = drtAreas(state.graph);
      if (cornerAt(areas, event.lngLat, event.degreesPerPixel)) return;
      const edge = edgeAt(areas, event.lngLat, event.degreesPerPixel);
      if (edge) store.perform({ type: 'drt/addServiceAreaPosition', areaId: edge.areaId, index: edge.index, position: [edge.position[0], edge.position[1]] });
      return;
    }
    drawClick(store, event.lngLat, event.degreesPerPixel);
  },
  move(store, event) {
    const session = rings.read(store);
    if (!session || session.closed) return;
    const closed = closes(session.corners, event.lngLat, event.degreesPerPixel);
    rings.write(store, closed ? { points: session.corners, closed } : { points: [...session.corners, event.lngLat] }, session);
  },
  dragStart(store, event) {
    const state = store.getState();
    if (areaPurpose(state) !== 'edit' || !state.editMode) return false;
    const areas = drtAreas(state.graph);
    const hit = cornerAt(areas, event.lngLat, event.degreesPerPixel);
    const area = hit && areas.find((candidate) => candidate.id === hit.areaId);
    if (!hit || !area) return false;
    const ring = editableCorners(area.geometry);
    const drag = { ...hit, ring, at: ring[hit.index]! };
    drags.write(store, dragDraft(drag), drag);
    return true;
  },
  drag(store, event) {
    const drag = drags.read(store);
    if (!drag) return;
    const next = { ...drag, at: event.lngLat };
    drags.write(store, dragDraft(next), next);
  },
  dragEnd(store) {
    const drag = drags.read(store);
    if (!drag) return;
    drags.end(store);
    // A press without movement changes nothing.
    if (drag.at === drag.ring[drag.index]) return;
    const reason = store.perform({ type: 'drt/moveServiceAreaPosition', areaId: drag.areaId, index: drag.index, position: [drag.at[0], drag.at[1]] });
    if (reason) console.warn(`Moving the corner was not possible: ${reason}`);
  },
  cancel(store) {
    rings.end(store);
    drags.end(store);
  },
};

/** The area tool of the DRT group: started from the DRT tab, not a toolbar button (groups/drt/index.ts lists it). */
export const DRT_AREA_GROUP_TOOL: GroupTool = {
  id: DRT_AREA_TOOL,
  label: 'drtTab.serviceArea.draw',
  keys: [],
  changesData: true,
  handler: drtAreaHandler,
  cursor: () => 'crosshair',
  toolbar: false,
};
