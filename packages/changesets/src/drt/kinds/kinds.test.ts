/** DRT kinds on the graph core: spec 2 §3 kinds, §5 rules, and refusals that name the item. */
import type { DrtModification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import type { ScenarioGraph } from '../../graph/graph.ts';
import { ModificationError } from '../../graph/registry.ts';
import { refusalText, type Refusal } from '../../refusal.ts';
import { EDIT_KINDS } from '../../scenario.ts';
import { drtAreaOf, drtStops, drtVehicleOf, drtVehicles, vehiclesOfLink } from '../read.ts';
import { isValidDrtCapacity } from '../rules.ts';
import { drtTestGraph as scenario, testArea as area, testDrtStop as stop, testVehicle as vehicle } from '../testing.ts';

const apply = (graph: ScenarioGraph, mod: DrtModification) => EDIT_KINDS.apply(graph, mod);
const ring = (graph: ScenarioGraph, id: string | number = 1) => {
  const geometry = drtAreaOf(graph, id)!.geometry;
  return geometry.type === 'Polygon' ? geometry.coordinates[0] : geometry.coordinates[0]![0];
};

describe('DRT vehicles (spec 2 §3, §5)', () => {
  it('adds, updates and deletes vehicles; the vehicles-of-link index follows their start link', () => {
    const added = apply(scenario(), { type: 'drt/addVehicles', vehicles: [vehicle('v3'), vehicle('v4', 'l1-2')] });
    expect(drtVehicles(added).map((v) => v.id)).toEqual(['v1', 'v2', 'v3', 'v4']);
    expect(vehiclesOfLink(added, 'l0-1').map((v) => v.id)).toEqual(['v1', 'v3']);
    const moved = apply(added, { type: 'drt/updateVehicles', vehicles: [vehicle('v1', 'l1-2', '2', 3600, 7200)] });
    expect(drtVehicleOf(moved, 'v1')).toEqual(vehicle('v1', 'l1-2', '2', 3600, 7200));
    expect(vehiclesOfLink(moved, 'l0-1').map((v) => v.id)).toEqual(['v3']);
    expect(vehiclesOfLink(moved, 'l1-2').map((v) => v.id).sort()).toEqual(['v1', 'v2', 'v4']);
    const deleted = apply(moved, { type: 'drt/deleteVehicles', ids: ['v1', 'v4'] });
    expect(drtVehicles(deleted).map((v) => v.id)).toEqual(['v2', 'v3']);
    expect(vehiclesOfLink(deleted, 'l1-2').map((v) => v.id)).toEqual(['v2']);
    expect(drtVehicles(scenario()).map((v) => v.id)).toEqual(['v1', 'v2']);
  });

  it('capacity is a whole number of at least 1 (a text); t0 <= t1; a start link is needed', () => {
    expect(['1', '4', '12', '2147483647'].every(isValidDrtCapacity)).toBe(true);
    expect(['0', '-1', '1.5', '4.0', ' 4', '', 'four', '1e3', '2147483648'].some(isValidDrtCapacity)).toBe(false);
    const refused = (mod: DrtModification) => EDIT_KINDS.disabled(scenario(), mod);
    expect(refused({ type: 'drt/addVehicles', vehicles: [vehicle('v9', 'l0-1', '0')] })).toEqual({ code: 'drtVehicleCapacity', params: { id: 'v9', capacity: '0' } });
    expect(refused({ type: 'drt/updateVehicles', vehicles: [vehicle('v1', 'l0-1', '2.5')] })).toEqual({ code: 'drtVehicleCapacity', params: { id: 'v1', capacity: '2.5' } });
    expect(refused({ type: 'drt/addVehicles', vehicles: [vehicle('v9', 'l0-1', '4', 7200, 3600)] })).toEqual({ code: 'drtVehicleTimes', params: { id: 'v9', t0: 7200, t1: 3600 } });
    expect(refused({ type: 'drt/addVehicles', vehicles: [vehicle('v9', 'l0-1', '4', 3600, 3600)] })).toBeUndefined();
    expect(refused({ type: 'drt/addVehicles', vehicles: [vehicle('v9', '')] })).toEqual({ code: 'drtVehicleNoLink', params: { id: 'v9' } });
  });

  it('ids are unique (against the graph and within the list); unknown ids are refused by name', () => {
    const refused = (mod: DrtModification) => EDIT_KINDS.disabled(scenario(), mod);
    expect(refused({ type: 'drt/addVehicles', vehicles: [vehicle('v2')] })).toEqual({ code: 'drtVehicleExists', params: { id: 'v2' } });
    expect(refused({ type: 'drt/addVehicles', vehicles: [vehicle('v7'), vehicle('v7')] })).toEqual({ code: 'drtVehicleExists', params: { id: 'v7' } });
    expect(refused({ type: 'drt/deleteVehicles', ids: ['v1', 'nope'] })).toEqual({ code: 'drtVehicleNotFound', params: { id: 'nope' } });
    expect(refused({ type: 'drt/updateVehicles', vehicles: [vehicle('nope')] })).toEqual({ code: 'drtVehicleNotFound', params: { id: 'nope' } });
    const graph = scenario();
    expect(apply(graph, { type: 'drt/addVehicles', vehicles: [] })).toBe(graph);
  });
});

describe('DRT stops (spec 2 §3)', () => {
  it('adds and deletes stops; ids are unique, unknown ids refused', () => {
    const added = apply(scenario(), { type: 'drt/addStops', stops: [stop('s3', 'l0-1'), stop('s4')] });
    expect(drtStops(added).map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(drtStops(apply(added, { type: 'drt/deleteStops', ids: ['s1', 's4'] })).map((s) => s.id)).toEqual(['s2', 's3']);
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/addStops', stops: [stop('s5'), stop('s1')] })).toEqual({ code: 'drtStopExists', params: { id: 's1' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/addStops', stops: [stop('s5'), stop('s5')] })).toEqual({ code: 'drtStopExists', params: { id: 's5' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/deleteStops', ids: ['x'] })).toEqual({ code: 'drtStopNotFound', params: { id: 'x' } });
  });
});

describe('DRT service areas (spec 2 §3)', () => {
  it('adds and deletes areas by feature id (string or number); ids unique; rings must be closed', () => {
    const added = apply(scenario(), { type: 'drt/addServiceArea', area: area('north') });
    expect(drtAreaOf(added, 'north')).toEqual(area('north'));
    expect(drtAreaOf(apply(added, { type: 'drt/deleteServiceArea', id: 1 }), '1')).toBeUndefined();
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/addServiceArea', area: area('1') })).toEqual({ code: 'drtAreaExists', params: { id: '1' } });
    const open = { ...area(5), geometry: { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]] as [number, number][]] } };
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/addServiceArea', area: open })).toEqual({ code: 'drtAreaNotClosed', params: { id: '5' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/deleteServiceArea', id: 2 })).toEqual({ code: 'drtAreaNotFound', params: { id: '2' } });
  });

  it('inserts a vertex at an index of the outer ring and keeps the ring closed (at 0 it is also the closing position)', () => {
    expect(ring(apply(scenario(), { type: 'drt/addServiceAreaPosition', areaId: 1, index: 2, position: [2, 0.5] }))).toEqual([[0, 0], [1, 0], [2, 0.5], [1, 1], [0, 1], [0, 0]]);
    expect(ring(apply(scenario(), { type: 'drt/addServiceAreaPosition', areaId: 1, index: 4, position: [-1, 0.5] }))).toEqual([[0, 0], [1, 0], [1, 1], [0, 1], [-1, 0.5], [0, 0]]);
    expect(ring(apply(scenario(), { type: 'drt/addServiceAreaPosition', areaId: 1, index: 0, position: [0.5, -1] }))).toEqual([[0.5, -1], [0, 0], [1, 0], [1, 1], [0, 1], [0.5, -1]]);
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/addServiceAreaPosition', areaId: 1, index: 5, position: [0, 0] })).toEqual({ code: 'drtAreaPositionNotFound', params: { id: '1', index: 5 } });
  });

  it('moves a vertex; moving the first one moves the closing one too', () => {
    expect(ring(apply(scenario(), { type: 'drt/moveServiceAreaPosition', areaId: '1', index: 2, position: [2, 2] }))).toEqual([[0, 0], [1, 0], [2, 2], [0, 1], [0, 0]]);
    expect(ring(apply(scenario(), { type: 'drt/moveServiceAreaPosition', areaId: 1, index: 0, position: [-1, -1] }))).toEqual([[-1, -1], [1, 0], [1, 1], [0, 1], [-1, -1]]);
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/moveServiceAreaPosition', areaId: 1, index: 4, position: [0, 0] })).toEqual({ code: 'drtAreaPositionNotFound', params: { id: '1', index: 4 } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'drt/moveServiceAreaPosition', areaId: 9, index: 0, position: [0, 0] })).toEqual({ code: 'drtAreaNotFound', params: { id: '9' } });
    expect(drtAreaOf(apply(scenario(), { type: 'drt/moveServiceAreaPosition', areaId: 1, index: 1, position: [3, 0] }), 1)!.properties).toEqual({ name: 'centre' });
  });

  it('edits a MultiPolygon of one polygon (holes kept); refuses one of several polygons by name', () => {
    const [outer] = (area().geometry as { coordinates: [number, number][][] }).coordinates;
    const hole: [number, number][] = [[0.2, 0.2], [0.4, 0.2], [0.4, 0.4], [0.2, 0.2]];
    const one = { ...area('m'), geometry: { type: 'MultiPolygon' as const, coordinates: [[outer!, hole]] } };
    const graph = apply(apply(scenario(), { type: 'drt/addServiceArea', area: one }), { type: 'drt/moveServiceAreaPosition', areaId: 'm', index: 0, position: [-1, -1] });
    expect(drtAreaOf(graph, 'm')!.geometry).toEqual({ type: 'MultiPolygon', coordinates: [[[[-1, -1], [1, 0], [1, 1], [0, 1], [-1, -1]], hole]] });
    const two = { ...area('two'), geometry: { type: 'MultiPolygon' as const, coordinates: [[outer!], [outer!]] } };
    const withTwo = apply(scenario(), { type: 'drt/addServiceArea', area: two });
    const reason = EDIT_KINDS.disabled(withTwo, { type: 'drt/addServiceAreaPosition', areaId: 'two', index: 0, position: [0, 0] });
    expect(reason).toEqual({ code: 'drtAreaPolygons', params: { id: 'two', count: 2 } });
  });
});

describe('DRT refusal texts name the item (what the server quotes)', () => {
  const cases: [DrtModification, string][] = [
    [{ type: 'drt/addVehicles', vehicles: [vehicle('v1')] }, 'DRT vehicle v1 exists'],
    [{ type: 'drt/deleteVehicles', ids: ['v8'] }, 'DRT vehicle v8 not found'],
    [{ type: 'drt/addVehicles', vehicles: [vehicle('v8', '')] }, 'DRT vehicle v8 has no start link: select a link on the map'],
    [{ type: 'drt/addVehicles', vehicles: [vehicle('v8', 'l0-1', '0')] }, 'DRT vehicle v8: capacity must be a whole number of at least 1, not "0"'],
    [{ type: 'drt/updateVehicles', vehicles: [vehicle('v1', 'l0-1', '4', 90, 30)] }, 'DRT vehicle v1: operating hours end (30 s) before they start (90 s)'],
    [{ type: 'drt/addStops', stops: [stop('s1')] }, 'DRT stop s1 exists'],
    [{ type: 'drt/deleteStops', ids: ['s8'] }, 'DRT stop s8 not found'],
    [{ type: 'drt/addServiceArea', area: area(1) }, 'Service area 1 exists'],
    [{ type: 'drt/deleteServiceArea', id: 'x' }, 'Service area x not found'],
    [{ type: 'drt/addServiceArea', area: { ...area(3), geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 2]]] } } }, 'Service area 3 has a ring that does not end at its first point'],
    [{ type: 'drt/moveServiceAreaPosition', areaId: 1, index: 7, position: [0, 0] }, 'Service area 1 has no position 7'],
  ];
  it.each(cases)('%j', (mod, text) => {
    const reason = EDIT_KINDS.disabled(scenario(), mod) as Refusal;
    expect(refusalText(reason)).toBe(text);
    expect(() => apply(scenario(), mod)).toThrow(new ModificationError(reason));
  });
  it('an area of several polygons', () => {
    expect(refusalText({ code: 'drtAreaPolygons', params: { id: 'two', count: 2 } })).toBe('Service area two has 2 polygons: points can be added and moved on an area of one polygon only');
  });
});
