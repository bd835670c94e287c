/** DRT constants (spec 2 §2, §5, §9) and what the tools and panels build. */
import { describe, expect, it } from 'vitest';
import { EDIT_KINDS } from '../scenario.ts';
import { addDrtAreaOf, addDrtStopAt, addVehiclesOnLink, closeRing, newDrtStop, newDrtVehicleId, vehicleSummary, vehiclesByLink } from './builders.ts';
import { DRT_DEFAULTS, DRT_SUMMARY_THRESHOLD, POLYGON_CLOSE_PIXELS, showsVehicleSummary, vehicleMarkerPositions } from './constants.ts';
import { drtSaveGroupOf, isDrtModification } from './entities.ts';
import { drtTestGraph, testVehicle as vehicle } from './testing.ts';

/** A random source that answers the given ids in turn (ids longer than 8 characters are cut, dashes dropped). */
const ids = (...values: string[]) => () => values.shift() ?? 'exhausted';

describe('DRT constants (spec 2 §5, §9)', () => {
  it('defaults: 10 vehicles of 4 seats from 0 to 86400 s, 10 stops, mode car; summary above 9; close within 20 px', () => {
    expect(DRT_DEFAULTS).toEqual({ vehicleCount: 10, seats: 4, startTime: 0, endTime: 86_400, stopCount: 10, mode: 'car' });
    expect(DRT_SUMMARY_THRESHOLD).toBe(9);
    expect([9, 10].map(showsVehicleSummary)).toEqual([false, true]);
    expect(POLYGON_CLOSE_PIXELS).toBe(20);
  });

  it('vehicles on a link: 1 at the midpoint, 2 at both ends, 3 at both ends and the midpoint, more as one count marker', () => {
    expect(vehicleMarkerPositions(0)).toEqual({ fractions: [], countMarker: false });
    expect(vehicleMarkerPositions(1)).toEqual({ fractions: [0.5], countMarker: false });
    expect(vehicleMarkerPositions(2)).toEqual({ fractions: [0, 1], countMarker: false });
    expect(vehicleMarkerPositions(3)).toEqual({ fractions: [0, 0.5, 1], countMarker: false });
    expect(vehicleMarkerPositions(4)).toEqual({ fractions: [0.5], countMarker: true });
    expect(vehicleMarkerPositions(250)).toEqual({ fractions: [0.5], countMarker: true });
  });
});

describe('DRT builders (spec 2 §4, §9)', () => {
  it('a new stop is named "Stop " plus its id and is not blocking', () => {
    expect(newDrtStop('ab12cd34', [13.4, 52.5], 'l1')).toEqual({ id: 'ab12cd34', name: 'Stop ab12cd34', coordinates: [13.4, 52.5], linkId: 'l1', isBlocking: false });
    expect(newDrtStop('x', [0, 0])).toEqual({ id: 'x', name: 'Stop x', coordinates: [0, 0], isBlocking: false });
    const graph = drtTestGraph();
    expect(addDrtStopAt(graph, [1, 2], undefined, ids('s1', 'a1b2-c3d4-e5'))).toEqual({ type: 'drt/addStops', stops: [newDrtStop('a1b2c3d4', [1, 2])] });
  });

  it('generated ids are the first 8 characters of a random id, re-drawn until unique (also among the new vehicles)', () => {
    expect(newDrtVehicleId(() => false, ids('0123456789abcdef'))).toBe('01234567');
    expect(newDrtVehicleId((id) => id === 'aaaaaaaa', ids('aaaaaaaa-1', 'bbbbbbbb-2'))).toBe('bbbbbbbb');
    const graph = drtTestGraph();
    const mod = addVehiclesOnLink(graph, { linkId: 'l1-2', count: 3, capacity: '4', t0: 0, t1: 3600 }, ids('v1', 'aaaaaaaa', 'aaaaaaaa', 'bbbbbbbb', 'cccccccc'))!;
    expect(mod.vehicles.map((v) => v.id)).toEqual(['aaaaaaaa', 'bbbbbbbb', 'cccccccc']);
    expect(mod.vehicles[0]).toEqual({ id: 'aaaaaaaa', startLinkId: 'l1-2', capacity: '4', t0: 0, t1: 3600 });
    expect(EDIT_KINDS.disabled(graph, mod)).toBeUndefined();
  });

  it('adding vehicles is ignored without a selected link or with a count below 1', () => {
    expect(addVehiclesOnLink(drtTestGraph(), { linkId: '', count: 3, capacity: '4', t0: 0, t1: 1 })).toBeUndefined();
    expect(addVehiclesOnLink(drtTestGraph(), { linkId: 'l1-2', count: 0, capacity: '4', t0: 0, t1: 1 })).toBeUndefined();
  });

  it('the summary card: Start Link, Capacity and Operating Hours, each common or mixed; vehicles grouped by link', () => {
    const same = Array.from({ length: 10 }, (_, i) => vehicle(`v${i}`, 'l1', '4', 0, 3600));
    expect(vehicleSummary(same)).toEqual({
      count: 10,
      startLink: { mixed: false, value: 'l1' },
      capacity: { mixed: false, value: '4' },
      operatingHours: { mixed: false, value: { t0: 0, t1: 3600 } },
    });
    const mixed = [...same, vehicle('w', 'l2', '4', 0, 7200)];
    expect(vehicleSummary(mixed)).toMatchObject({ count: 11, startLink: { mixed: true }, capacity: { mixed: false, value: '4' }, operatingHours: { mixed: true } });
    expect(vehicleSummary([])).toBeUndefined();
    expect([...vehiclesByLink([vehicle('a', 'l2'), vehicle('b', 'l1'), vehicle('c', 'l2')])].map(([link, vs]) => [link, vs.map((v) => v.id)])).toEqual([['l2', ['a', 'c']], ['l1', ['b']]]);
  });

  it('a drawn area is closed on its first point and numbered one above the largest feature id', () => {
    expect(closeRing([[0, 0], [1, 0], [1, 1]])).toEqual([[0, 0], [1, 0], [1, 1], [0, 0]]);
    expect(closeRing([[0, 0], [1, 0], [1, 1], [0, 0]])).toEqual([[0, 0], [1, 0], [1, 1], [0, 0]]);
    const graph = drtTestGraph();
    const mod = addDrtAreaOf(graph, [[0, 0], [2, 0], [2, 2]]);
    expect(mod).toEqual({ type: 'drt/addServiceArea', area: { type: 'Feature', id: 2, geometry: { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 0]]] }, properties: {} } });
    const next = EDIT_KINDS.apply(EDIT_KINDS.apply(graph, mod), { type: 'drt/addServiceArea', area: { ...mod.area, id: '40' } });
    expect(addDrtAreaOf(next, [[0, 0], [1, 0], [1, 1]]).area.id).toBe(41);
    expect(EDIT_KINDS.disabled(graph, addDrtAreaOf(graph, [[0, 0], [1, 0]]))).toEqual({ code: 'drtAreaNotClosed', params: { id: '2' } });
  });

  it('save groups of DRT modifications', () => {
    expect(drtSaveGroupOf({ type: 'drt/updateVehicles' })).toBe('drtVehicles');
    expect(drtSaveGroupOf({ type: 'drt/deleteStops' })).toBe('drtStops');
    expect(drtSaveGroupOf({ type: 'drt/moveServiceAreaPosition' })).toBe('drtServiceArea');
    expect(drtSaveGroupOf({ type: 'network/addNode' })).toBeUndefined();
    expect([isDrtModification({ type: 'drt/addStops' }), isDrtModification({ type: 'transitStop/add' })]).toEqual([true, false]);
  });
});
