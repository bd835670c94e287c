import { areaEntity, DRT_STOP, DRT_VEHICLE, drtStopOf, drtVehicleOf } from '@corridor/changesets';
import { gridNetwork } from '@corridor/changesets/testing';
import type { DrtStop, DrtVehicle, Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import type { MapPointerEvent } from '../../state/handler.ts';
import { EditorStore } from '../../state/store.ts';
import { NO_SELECTION, type EditorState } from '../../state/types.ts';

const drawn = (state: EditorState) => ({ graph: state.graph, saved: state.saved, calculateDiff: state.calculateDiff });
const markersOf = (state: EditorState) => vehicleMarkers(drawn(state));
const stopPointsOf = (state: EditorState) => stopPoints(drawn(state));
const areaShapesOf = (state: EditorState) => areaShapes(drawn(state));
import { changeSummary } from '../../sidebar/changeSummary.ts';
import { drtText } from '../../sidebar/drtText.ts';
import { entryText } from '../../sidebar/modificationText.ts';
import type { KeyPress } from '../../toolbar/keys.ts';
import { CANCEL, modeTools, toolForKey } from '../../toolbar/tools.ts';
import { EDITOR_GROUPS } from '../index.ts';
import { chosenDrtFile, drtFilesOf, hasDrtFiles } from './files.ts';
import { addDrtStopHandler, addDrtVehicleHandler } from './handlers/add.ts';
import { drtStopSelectHandler, drtVehicleSelectHandler, stopSelection, vehicleSelection } from './handlers/select.ts';
import { areaShapes, stopPoints, vehicleMarkers } from './layerData.ts';
import { DRT_GROUP } from './index.ts';
import { addVehicleForm, defaultAddVehicleDraft, vehicleChange, vehicleDraft, vehicleDraftErrors } from './preview/vehicleForm.ts';
import { formatCoordinate } from './preview/StopPreview.tsx';
import { formatClock, parseClock } from './time.ts';

const vehicle = (id: string, startLinkId: string, capacity = '4'): DrtVehicle => ({ id, startLinkId, capacity, t0: 0, t1: 86_400 });
const stop = (id: string, linkId?: string): DrtStop => ({ id, name: `Stop ${id}`, coordinates: [13.0005, 52.0005], isBlocking: false, ...(linkId ? { linkId } : {}) });
const press = (key: string, shiftKey = false): KeyPress => ({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false });
const pointer = (patch: Partial<MapPointerEvent> = {}): MapPointerEvent => ({ lngLat: [13.0005, 52.0002], shiftKey: false, degreesPerPixel: 1e-5, ...patch });

/** A store on a 3×3 grid (links l0-1, l1-2, …) with a fleet and stops loaded, the DRT layer on. */
function drtStore(vehicles: DrtVehicle[] = [vehicle('v1', 'l0-1'), vehicle('v2', 'l0-1'), vehicle('v3', 'l1-2')], stops: DrtStop[] = [stop('s1', 'l0-1'), stop('s2')]): EditorStore {
  const store = new EditorStore({ drt: true });
  const { nodes, links } = gridNetwork(3);
  store.addEntities(nodes, links, 'grid');
  store.loadDrt('vehicles', 11, vehicles);
  store.loadDrt('stops', 12, stops);
  store.setTool('drt/selectVehicle');
  return store;
}

describe('the DRT group (spec 2 §2)', () => {
  it('offers Select Vehicle V, Add Vehicle N, Select Stop S and Add Stop B, of handler category drt, while edit mode and the DRT layer are on', () => {
    const toolbar = DRT_GROUP.tools.filter((tool) => tool.toolbar !== false);
    expect(toolbar.map((tool) => [tool.id, tool.keys, tool.changesData, tool.handler.category])).toEqual([
      ['drt/selectVehicle', ['V'], false, 'drt'],
      ['drt/addVehicle', ['N'], true, 'drt'],
      ['drt/selectStop', ['S'], false, 'drt'],
      ['drt/addStop', ['B'], true, 'drt'],
    ]);
    expect(toolbar.map((tool) => tool.handler.tool)).toEqual(toolbar.map((tool) => tool.id));
    // The area drawing of the DRT tab is a tool without a button.
    expect(modeTools(DRT_GROUP).map((tool) => tool.id)).toEqual(toolbar.map((tool) => tool.id));
    const off = new EditorStore().getState();
    expect(off.layers.drt).toBe(false);
    expect(DRT_GROUP.available(off)).toBe(false);
    const on = new EditorStore({ drt: true }).getState();
    expect(DRT_GROUP.available(on)).toBe(true);
    expect(DRT_GROUP.available({ ...on, editMode: false })).toBe(false);
  });

  it('Shift+D chooses the group in Select Vehicle; its keys pick its tools; Escape returns to Select Vehicle', () => {
    const store = new EditorStore({ drt: true });
    toolForKey(press('D', true), store.getState(), false)!.perform(store);
    expect(store.getState().tool).toBe('drt/selectVehicle');
    for (const [key, tool] of [['N', 'drt/addVehicle'], ['S', 'drt/selectStop'], ['B', 'drt/addStop']] as const) {
      toolForKey(press(key), store.getState(), false)!.perform(store);
      expect(store.getState().tool).toBe(tool);
    }
    expect(toolForKey(press('Escape'), store.getState(), false)).toBe(CANCEL);
    CANCEL.perform(store);
    expect(store.getState().tool).toBe('drt/selectVehicle');
  });

  it('turning the DRT layer off while in a DRT tool switches to the first group still offered', () => {
    const store = new EditorStore({ drt: true });
    store.setTool('drt/addStop');
    store.setLayer('drt', false);
    expect(store.getState().tool).toBe('select');
    expect(DRT_GROUP.available(store.getState())).toBe(false);
  });

  it('owns drt-vehicle, drt-link and drt-stop, each bringing the Preview tab forward; selecting one from another group switches to its tool', () => {
    expect(DRT_GROUP.selections.map((type) => [type.type, type.tool, type.previewToFront])).toEqual([
      ['drt-vehicle', 'drt/selectVehicle', true],
      ['drt-link', 'drt/selectVehicle', true],
      ['drt-stop', 'drt/selectStop', true],
    ]);
    expect(EDITOR_GROUPS.toolForSelection('select', { type: 'drt-stop', stops: ['s1'] })).toBe('drt/selectStop');
    expect(EDITOR_GROUPS.toolForSelection('drt/addVehicle', { type: 'drt-link', linkId: 'l0-1' })).toBe('drt/addVehicle');
    expect([...EDITOR_GROUPS.selectedEntities({ type: 'drt-vehicle', vehicles: ['v1', 'v2'] })]).toEqual([
      [DRT_VEHICLE, 'v1'],
      [DRT_VEHICLE, 'v2'],
    ]);
    expect(EDITOR_GROUPS.groupOfModification('drt/addStops')).toBe(DRT_GROUP);
  });
});

describe('DRT handlers', () => {
  it('Select Vehicle: a marker selects its link’s vehicles, Shift adds or removes them, a link selects the link, nothing clears', () => {
    const store = drtStore();
    drtVehicleSelectHandler.click!(store, pointer({ drtVehicles: { linkId: 'l0-1', vehicles: ['v1', 'v2'] } }));
    expect(store.getState().selection).toEqual({ type: 'drt-vehicle', vehicles: ['v1', 'v2'] });
    drtVehicleSelectHandler.click!(store, pointer({ drtVehicles: { linkId: 'l1-2', vehicles: ['v3'] }, shiftKey: true }));
    expect(store.getState().selection).toEqual({ type: 'drt-vehicle', vehicles: ['v1', 'v2', 'v3'] });
    expect(vehicleSelection(store.getState().selection, ['v1', 'v2'], true)).toEqual({ type: 'drt-vehicle', vehicles: ['v3'] });
    expect(vehicleSelection({ type: 'drt-vehicle', vehicles: ['v3'] }, ['v3'], true)).toEqual(NO_SELECTION);
    drtVehicleSelectHandler.click!(store, pointer({ linkId: 'l4-5' }));
    expect(store.getState().selection).toEqual({ type: 'drt-link', linkId: 'l4-5' });
    drtVehicleSelectHandler.click!(store, pointer());
    expect(store.getState().selection).toEqual(NO_SELECTION);
  });

  it('Backspace deletes the selected vehicles as one modification, and the selected stops in Select Stop', () => {
    const store = drtStore();
    store.select({ type: 'drt-vehicle', vehicles: ['v1', 'v3'] });
    drtVehicleSelectHandler.delete!(store);
    expect(store.getState().lists.unsaved).toEqual([{ type: 'drt/deleteVehicles', ids: ['v1', 'v3'] }]);
    expect(drtVehicleOf(store.getState().graph, 'v1')).toBeUndefined();
    expect(store.getState().selection).toEqual(NO_SELECTION);
    store.setTool('drt/selectStop');
    drtStopSelectHandler.click!(store, pointer({ drtStop: 's1' }));
    drtStopSelectHandler.click!(store, pointer({ drtStop: 's2', shiftKey: true }));
    expect(store.getState().selection).toEqual({ type: 'drt-stop', stops: ['s1', 's2'] });
    expect(stopSelection(store.getState().selection, 's2', true)).toEqual({ type: 'drt-stop', stops: ['s1'] });
    drtStopSelectHandler.delete!(store);
    expect(store.getState().lists.unsaved.at(-1)).toEqual({ type: 'drt/deleteStops', ids: ['s1', 's2'] });
  });

  it('Add Vehicle selects the clicked link (the form); Add Stop adds "Stop " + id, not blocking, on the picked link or none, and selects it', () => {
    const store = drtStore();
    store.setTool('drt/addVehicle');
    addDrtVehicleHandler.click!(store, pointer({ linkId: 'l1-2' }));
    expect(store.getState().selection).toEqual({ type: 'drt-link', linkId: 'l1-2' });
    expect(store.getState().tool).toBe('drt/addVehicle');
    store.setTool('drt/addStop');
    addDrtStopHandler.click!(store, pointer({ linkId: 'l1-2', lngLat: [13.0015, 52.0001] }));
    addDrtStopHandler.click!(store, pointer({ lngLat: [13.5, 52.5] }));
    const [onLink, alone] = store.getState().lists.unsaved.map((mod) => (mod as Extract<Modification, { type: 'drt/addStops' }>).stops[0]!);
    expect(onLink).toMatchObject({ name: `Stop ${onLink!.id}`, coordinates: [13.0015, 52.0001], linkId: 'l1-2', isBlocking: false });
    expect(onLink!.id).toHaveLength(8);
    expect(alone!.linkId).toBeUndefined();
    expect(store.getState().selection).toEqual({ type: 'drt-stop', stops: [alone!.id] });
    expect(drtStopOf(store.getState().graph, alone!.id)).toBeDefined();
  });
});

describe('the DRT store state for the tab', () => {
  it('loading a file of a kind replaces the kind’s items and sets the changeset’s baseFile; null clears the kind; New keeps the loaded files as base files', () => {
    const store = drtStore();
    const before = store.getState().drtRevision;
    expect(store.getState().baseFile).toEqual({ vehicles: 11, stops: 12 });
    store.loadDrt('vehicles', 21, [vehicle('w1', 'l4-5')]);
    expect(drtVehicleOf(store.getState().graph, 'v1')).toBeUndefined();
    expect(drtVehicleOf(store.getState().graph, 'w1')).toBeDefined();
    expect(store.getState().drtRevision).toBe(before + 1);
    expect(store.loadedDrtFile('vehicles')).toBe(21);
    store.loadDrt('stops', null, []);
    expect([...store.getState().graph.entities(DRT_STOP)]).toEqual([]);
    expect(store.getState().baseFile).toEqual({ vehicles: 21, stops: null });
    store.newChangeset();
    expect(store.getState().baseFile).toEqual({ vehicles: 21, stops: null });
    store.chooseDrtFile('vehicles', 30);
    expect(store.getState().baseFile).toEqual({ vehicles: 30, stops: null });
    store.chooseDrtFile('vehicles', undefined);
    expect(store.getState().baseFile).toEqual({ stops: null });
  });

  it('keeps the DRT mode, the service-area mode, the generation form with its area, and the vehicle tabs', () => {
    const store = drtStore();
    expect(store.getState().drt).toEqual({ mode: 'stops', areaMode: 'view', generation: 'none', area: null, vehicleTabs: [] });
    store.setDrtMode('serviceArea');
    store.setServiceAreaMode('edit');
    store.setTool('drt/addStop');
    store.startGeneration('vehicles');
    store.setDrtArea([[13, 52], [13.1, 52], [13.1, 52.1], [13, 52]]);
    expect(store.getState().drt).toMatchObject({ mode: 'serviceArea', areaMode: 'edit', generation: 'vehicles', area: [[13, 52], [13.1, 52], [13.1, 52.1], [13, 52]] });
    store.cancelGeneration();
    expect(store.getState().drt).toMatchObject({ generation: 'none', area: null });
    expect(store.getState().tool).toBe('drt/selectVehicle');
    store.openVehicle('v1');
    store.openVehicle('v2');
    store.openVehicle('v1');
    expect(store.getState().drt.vehicleTabs).toEqual(['v1', 'v2']);
    expect(store.getState().shownTab).toMatchObject({ id: 'drt-vehicle:v1' });
    store.closeVehicle('v1');
    expect(store.getState().drt.vehicleTabs).toEqual(['v2']);
  });

  it('counts DRT vehicles, stops and service areas in their own rows of the change summary', () => {
    const store = drtStore();
    store.perform({ type: 'drt/deleteVehicles', ids: ['v1'] });
    store.perform({ type: 'drt/updateVehicles', vehicles: [{ ...vehicle('v3', 'l1-2'), capacity: '8' }] });
    store.perform({ type: 'drt/addStops', stops: [stop('s9')] });
    const rows = changeSummary(store.getState());
    expect(rows.map((row) => [row.group, row.unsaved])).toEqual([
      ['network', { added: 0, modified: 0, deleted: 0 }],
      ['drtVehicles', { added: 0, modified: 1, deleted: 1 }],
      ['drtStops', { added: 1, modified: 0, deleted: 0 }],
    ]);
  });
});

describe('DRT files of the scenario', () => {
  const files = [
    { id: 1, name: 'network.xml', tag: 'network_v1' },
    { id: 2, name: 'vehicles-20-cap-2.xml', tag: 'dvrp_vehicles_v1' },
    { id: 3, name: 'vehicles-10-cap-4.xml', tag: 'dvrp_vehicles_v1' },
    { id: 4, name: 'drtstops.xml', tag: 'transitSchedule_v1' },
    { id: 5, name: 'mielec.shp', tag: 'shapefile' },
    { id: 6, name: 'mielec.dbf', tag: 'shapefile' },
  ];
  it('lists them per kind; the baseFile names the chosen one (null: none), else the first of the kind', () => {
    const drt = drtFilesOf(files);
    expect(drt).toEqual({ vehicles: [{ id: 3, name: 'vehicles-10-cap-4.xml' }, { id: 2, name: 'vehicles-20-cap-2.xml' }], stops: [{ id: 4, name: 'drtstops.xml' }], serviceArea: [{ id: 5, name: 'mielec.shp' }] });
    expect(hasDrtFiles(drt)).toBe(true);
    expect(hasDrtFiles(drtFilesOf([{ id: 7, name: 'transitSchedule.xml', tag: 'transitSchedule_v2' }]))).toBe(false);
    expect(chosenDrtFile(undefined, drt, 'vehicles')).toEqual({ id: 3, name: 'vehicles-10-cap-4.xml' });
    expect(chosenDrtFile({ vehicles: 2 }, drt, 'vehicles')).toEqual({ id: 2, name: 'vehicles-20-cap-2.xml' });
    expect(chosenDrtFile({ stops: null }, drt, 'stops')).toBeNull();
  });
  it('a stop file named for DRT comes first among the stop files, before a public transport schedule', () => {
    const both = drtFilesOf([{ id: 8, name: 'transitSchedule.xml', tag: 'transitSchedule_v2' }, { id: 9, name: 'drt_stops.xml', tag: 'transitSchedule_v2' }]);
    expect(both.stops.map((file) => file.id)).toEqual([9, 8]);
    expect(chosenDrtFile(undefined, both, 'stops')).toEqual({ id: 9, name: 'drt_stops.xml' });
  });
});

describe('DRT layers (spec 2 §9 markers)', () => {
  it('draws 1 vehicle at the midpoint, 2 at both ends, 3 at both ends and the midpoint, more as one count marker; flags the changed', () => {
    const store = drtStore([vehicle('a1', 'l0-1'), vehicle('b1', 'l1-2'), vehicle('b2', 'l1-2'), vehicle('c1', 'l3-4'), vehicle('c2', 'l3-4'), vehicle('c3', 'l3-4'), ...['d1', 'd2', 'd3', 'd4', 'd5'].map((id) => vehicle(id, 'l4-5'))]);
    store.perform({ type: 'drt/updateVehicles', vehicles: [{ ...vehicle('b1', 'l1-2'), capacity: '6' }] });
    const markers = markersOf(store.getState());
    const on = (linkId: string) => markers.live.filter((marker) => marker.linkId === linkId);
    expect(on('l0-1')).toHaveLength(1);
    expect(on('l0-1')[0]!.position[0]).toBeCloseTo(13.0005, 9);
    expect(on('l1-2')).toHaveLength(2);
    expect(on('l1-2').every((marker) => marker.flag === 'modified')).toBe(true);
    expect(on('l3-4')).toHaveLength(3);
    expect(on('l4-5')).toEqual([expect.objectContaining({ count: 5, vehicles: ['d1', 'd2', 'd3', 'd4', 'd5'] })]);
    expect(on('l0-1')[0]!.flag).toBeUndefined();
    store.perform({ type: 'drt/deleteVehicles', ids: ['a1'] });
    const after = markersOf(store.getState());
    expect(after.live.some((marker) => marker.linkId === 'l0-1')).toBe(false);
    expect(after.deleted).toEqual([expect.objectContaining({ linkId: 'l0-1', flag: 'deleted' })]);
  });

  it('draws stops with their flags and service areas as polygons', () => {
    const store = drtStore();
    store.perform({ type: 'drt/deleteStops', ids: ['s2'] });
    expect(stopPointsOf(store.getState()).map((point) => [point.id, point.flag])).toEqual([
      ['s1', undefined],
      ['s2', 'deleted'],
    ]);
    store.loadDrt('serviceArea', 13, [areaEntity({ type: 'Feature', id: 1, properties: {}, geometry: { type: 'Polygon', coordinates: [[[13, 52], [13.1, 52], [13.1, 52.1], [13, 52]]] } })]);
    expect(areaShapesOf(store.getState())).toEqual([{ id: '1', rings: [[[13, 52], [13.1, 52], [13.1, 52.1], [13, 52]]] }]);
  });
});

describe('DRT panels', () => {
  it('the add-vehicle form starts at 10 vehicles, 4 seats, 00:00:00 to 24:00:00 and checks its fields', () => {
    const draft = defaultAddVehicleDraft();
    expect(draft).toEqual({ count: '10', capacity: '4', t0: '00:00:00', t1: '24:00:00' });
    expect(vehicleDraftErrors(draft)).toBeUndefined();
    expect(addVehicleForm(draft)).toEqual({ count: 10, capacity: 4, t0: 0, t1: 86_400 });
    expect(vehicleDraftErrors({ ...draft, count: '0', capacity: '1.5', t0: '7am', t1: '25:00:00' })).toEqual({ count: 'panels.drt.errors.count', capacity: 'panels.drt.errors.capacity', t0: 'panels.drt.errors.time' });
    expect(vehicleDraftErrors({ ...draft, t0: '08:00:00', t1: '07:00' })).toEqual({ t1: 'panels.drt.errors.endBeforeStart' });
  });

  it('a vehicle’s fields show HH:MM:SS and save only what changed', () => {
    const v = { capacity: '4', t0: 3600, t1: 90_000 };
    expect(vehicleDraft(v)).toEqual({ capacity: '4', t0: '01:00:00', t1: '25:00:00' });
    expect(vehicleChange(v, vehicleDraft(v))).toBeUndefined();
    expect(vehicleChange(v, { capacity: '6', t0: '01:00:00', t1: '26:00' })).toEqual({ capacity: '6', t1: 93_600 });
    expect(formatClock(86_400)).toBe('24:00:00');
    expect(parseClock('12:75')).toBeUndefined();
    expect(formatCoordinate(13.123456789)).toBe('13.12346');
  });

  it('the modification list names what each DRT modification did', () => {
    const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? ` ${JSON.stringify(params)}` : ''}`;
    expect(drtText({ type: 'drt/addVehicles', vehicles: [vehicle('v1', 'l1'), vehicle('v2', 'l1')] }, t)).toBe('sidebar.mods.drt.vehiclesAddOnLink {"count":2,"id":"v1","link":"l1"}');
    expect(drtText({ type: 'drt/deleteStops', ids: ['s1'] }, t)).toBe('sidebar.mods.drt.stopsDelete {"count":1,"id":"s1"}');
    expect(drtText({ type: 'drt/moveServiceAreaPosition', areaId: 1, index: 0, position: [13, 52] }, t)).toBe('sidebar.mods.drt.areaCornerMove {"id":1,"index":1}');
    expect(entryText({ mod: { type: 'drt/deleteServiceArea', id: 'a' }, steps: [] }, t)).toBe('sidebar.mods.drt.areaDelete {"id":"a"}');
  });
});
