import { drtAreas } from '@corridor/changesets';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MapPointerEvent } from '../../../state/handler.ts';
import { EditorStore } from '../../../state/store.ts';
import type { LngLat } from '../../../state/types.ts';
import { drtAreaHandler, DRT_AREA_TOOL } from './areaHandler.ts';

/** 1e-5 degrees per pixel: the 20 px closing distance is 2e-4 degrees. */
const at = (lngLat: LngLat): MapPointerEvent => ({ lngLat, shiftKey: false, degreesPerPixel: 1e-5 });
const CORNERS: LngLat[] = [
  [0, 0],
  [0.01, 0],
  [0.01, 0.01],
  [0, 0.01],
];

function draw(store: EditorStore, corners: readonly LngLat[], close: LngLat): void {
  for (const corner of corners) drtAreaHandler.click!(store, at(corner));
  drtAreaHandler.click!(store, at(close));
}

let store: EditorStore;
beforeEach(() => {
  store = new EditorStore({ drt: true });
  store.setTool(DRT_AREA_TOOL);
});

describe('the DRT area tool (spec 2 §2 Service Area card, §4 DRT generation, §5)', () => {
  it('adds a service area when the drawing closes within 20 px of the first point, and the card returns to view', () => {
    store.setServiceAreaMode('add');
    drtAreaHandler.click!(store, at(CORNERS[0]!));
    for (const corner of CORNERS.slice(1)) drtAreaHandler.click!(store, at(corner));
    drtAreaHandler.move!(store, at([0.0001, 0.0001]));
    expect(store.getState().draft).toEqual({ points: CORNERS, closed: true });
    drtAreaHandler.click!(store, at([0.0001, 0.0001]));
    const areas = drtAreas(store.getState().graph);
    expect(areas).toHaveLength(1);
    expect(areas[0]!.geometry).toEqual({ type: 'Polygon', coordinates: [[...CORNERS, CORNERS[0]]] });
    expect(store.getState().lists.unsaved.map((mod) => mod.type)).toEqual(['drt/addServiceArea']);
    expect(store.getState().drt.areaMode).toBe('view');
    expect(store.getState().draft).toBeNull();
  });

  it('does not close before three corners, nor farther than 20 px from the first', () => {
    store.setServiceAreaMode('add');
    drtAreaHandler.click!(store, at([0, 0]));
    drtAreaHandler.click!(store, at([0.01, 0]));
    drtAreaHandler.click!(store, at([0.0001, 0]));
    drtAreaHandler.click!(store, at([0.0003, 0]));
    expect(store.getState().lists.unsaved).toHaveLength(0);
    expect(store.getState().draft?.points).toHaveLength(4);
  });

  it('for a generation, keeps the closed area as the generation area; the next click draws it again', () => {
    store.startGeneration('vehicles');
    draw(store, CORNERS, [0.00005, 0]);
    expect(store.getState().drt.area).toEqual([...CORNERS, CORNERS[0]]);
    expect(store.getState().lists.unsaved).toHaveLength(0);
    expect(store.getState().draft).toEqual({ points: CORNERS, closed: true });
    drtAreaHandler.click!(store, at([0.5, 0.5]));
    expect(store.getState().drt.area).toBeNull();
    expect(store.getState().draft).toEqual({ points: [[0.5, 0.5]] });
  });

  it('in edit, drags a corner (one modification on release) and adds a corner on an edge; in delete, removes the clicked area', () => {
    store.setServiceAreaMode('add');
    draw(store, CORNERS, [0, 0]);
    store.setServiceAreaMode('edit');
    store.setTool(DRT_AREA_TOOL);
    expect(drtAreaHandler.dragStart!(store, at([0.01, 0.00005]))).toBe(true);
    drtAreaHandler.drag!(store, at([0.015, 0]));
    drtAreaHandler.drag!(store, at([0.02, 0]));
    drtAreaHandler.dragEnd!(store, at([0.02, 0]));
    drtAreaHandler.click!(store, at([0.005, 0.01]));
    const [area] = drtAreas(store.getState().graph);
    expect(store.getState().lists.unsaved.map((mod) => mod.type)).toEqual(['drt/addServiceArea', 'drt/moveServiceAreaPosition', 'drt/addServiceAreaPosition']);
    expect(area!.geometry.coordinates[0]).toEqual([[0, 0], [0.02, 0], [0.01, 0.01], [0.005, 0.01], [0, 0.01], [0, 0]]);
    expect(drtAreaHandler.dragStart!(store, at([0.5, 0.5]))).toBe(false);
    store.setServiceAreaMode('delete');
    drtAreaHandler.click!(store, at([0.5, 0.5]));
    expect(drtAreas(store.getState().graph)).toHaveLength(1);
    drtAreaHandler.click!(store, at([0.004, 0.004]));
    expect(drtAreas(store.getState().graph)).toHaveLength(0);
  });
});
