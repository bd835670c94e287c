import type { DrtServiceArea } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { areaAt, cornerAt, edgeAt, editableCorners } from './areaGeometry.ts';
import { drtFiles, hasNetworkChanges, hasUnsaved, networkFiles } from './files.ts';
import {
  areaOfCorners,
  checkStopFields,
  checkVehicleFields,
  defaultStopFields,
  defaultVehicleFields,
  failureReason,
  formatClock,
  parseClock,
  stopsModification,
  vehiclesModification,
} from './generation.ts';

const square = areaOfCorners([
  [10, 50],
  [10.1, 50],
  [10.1, 50.1],
  [10, 50.1],
]);

describe('DRT generation forms (spec 2 §4, §5, §9)', () => {
  it('start with 10 vehicles, 4 seats, 00:00:00 to 24:00:00, and 10 stops of mode car', () => {
    expect(defaultVehicleFields(3)).toEqual({ networkFileId: '3', mode: '', count: '10', seats: '4', startTime: '00:00:00', endTime: '24:00:00' });
    expect(defaultStopFields(3)).toEqual({ networkFileId: '3', mode: 'car', count: '10' });
  });

  it('turn the defaults into the vehicle request for the drawn area (an empty mode is car)', () => {
    expect(checkVehicleFields(defaultVehicleFields(3), square)).toEqual({
      ok: true,
      request: { networkFileId: 3, area: square, vehicleCount: 10, seats: 4, mode: 'car', startTime: 0, endTime: 86400 },
    });
    expect(checkStopFields({ ...defaultStopFields(3), mode: ' drt ' }, square)).toEqual({ ok: true, request: { networkFileId: 3, area: square, count: 10, mode: 'drt' } });
  });

  it('refuse counts and seats below 1 or not whole, a missing network and times outside the day', () => {
    const vehicles = checkVehicleFields({ ...defaultVehicleFields(null), count: '0', seats: '1.5', startTime: '25:00:00', endTime: 'noon' }, square);
    expect(vehicles).toEqual({ ok: false, errors: { networkFileId: { key: 'network' }, count: { key: 'count' }, seats: { key: 'seats' }, startTime: { key: 'time' }, endTime: { key: 'time' } } });
    expect(checkVehicleFields({ ...defaultVehicleFields(1), startTime: '10:00:00', endTime: '09:00:00' }, square)).toEqual({ ok: false, errors: { endTime: { key: 'timeOrder' } } });
    expect(checkStopFields({ ...defaultStopFields(1), count: '-2' }, square)).toEqual({ ok: false, errors: { count: { key: 'count' } } });
    expect(checkStopFields({ ...defaultStopFields(1), count: '1000000' }, square)).toEqual({ ok: false, errors: { count: { key: 'max', max: 100_000 } } });
  });

  it('read and show times as HH:MM:SS from 00:00:00 to 24:00:00', () => {
    expect(parseClock('24:00:00')).toBe(86400);
    expect(parseClock('07:30')).toBe(27000);
    expect(parseClock(' 6:05:09 ')).toBe(21909);
    expect(parseClock('24:00:01')).toBeUndefined();
    expect(parseClock('12:60:00')).toBeUndefined();
    expect(parseClock('3600')).toBeUndefined();
    expect(formatClock(86400)).toBe('24:00:00');
    expect(formatClock(21909)).toBe('06:05:09');
  });

  it('close the drawn ring as a GeoJSON polygon', () => {
    expect(square).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [10, 50],
          [10.1, 50],
          [10.1, 50.1],
          [10, 50.1],
          [10, 50],
        ],
      ],
    });
  });

  it('apply an answer as one modification; a stop is named "Stop " plus its id and is not blocking', () => {
    const vehicle = { id: 'v1', startLinkId: 'l1', capacity: '4', t0: 0, t1: 86400 };
    expect(vehiclesModification({ vehicles: [vehicle] })).toEqual({ type: 'drt/addVehicles', vehicles: [vehicle] });
    expect(stopsModification([{ id: 'ab12cd34', linkId: 'l9', coord: { x: 1, y: 2 }, coordinates: [10.05, 50.05] }])).toEqual({
      type: 'drt/addStops',
      stops: [{ id: 'ab12cd34', name: 'Stop ab12cd34', coordinates: [10.05, 50.05], linkId: 'l9', isBlocking: false }],
    });
  });

  it('give a generated vehicle or stop whose id is in use a fresh id (a generation repeats its ids for the same area)', () => {
    const vehicle = (id: string) => ({ id, startLinkId: 'l1', capacity: '4', t0: 0, t1: 86400 });
    const taken = (id: string) => id === 'v1';
    const fresh = ['v1', 'v2', 'n3w1d000'];
    const random = () => fresh.shift()!;
    expect(vehiclesModification({ vehicles: [vehicle('v1'), vehicle('v2')] }, taken, random)).toEqual({ type: 'drt/addVehicles', vehicles: [vehicle('n3w1d000'), vehicle('v2')] });
    const stops = stopsModification([{ id: 'v1', linkId: 'l9', coord: { x: 1, y: 2 }, coordinates: [10, 50] }], taken, () => 'ab12cd34');
    expect(stops).toEqual({ type: 'drt/addStops', stops: [{ id: 'ab12cd34', name: 'Stop ab12cd34', coordinates: [10, 50], linkId: 'l9', isBlocking: false }] });
  });

  it('show the server reason once after "Failed to generate vehicles:"', () => {
    expect(failureReason('Failed to generate vehicles: no car links in the area', 'Failed to generate vehicles:')).toBe('no car links in the area');
    expect(failureReason('Network file not found', 'Failed to generate vehicles:')).toBe('Network file not found');
  });
});

describe('service-area editing (spec 2 §2 Service Area card)', () => {
  const area = (id: string, geometry = square): DrtServiceArea => ({ type: 'Feature', id, geometry, properties: {} });
  const areas = [area('a'), area('b', areaOfCorners([[10.05, 50.05], [10.3, 50.05], [10.3, 50.3], [10.05, 50.3]]))];
  const perPixel = 0.001;

  it('edits the outer ring without its closing corner', () => {
    expect(editableCorners(square)).toHaveLength(4);
  });

  it('finds the area clicked (the one drawn last on top), none outside', () => {
    expect(areaAt(areas, [10.01, 50.01])?.id).toBe('a');
    expect(areaAt(areas, [10.07, 50.07])?.id).toBe('b');
    expect(areaAt(areas, [11, 51])).toBeUndefined();
  });

  it('grabs a corner within 10 px and finds the edge point where a corner is added', () => {
    expect(cornerAt(areas, [10.1005, 50.0005], perPixel)).toEqual({ areaId: 'a', index: 1 });
    expect(cornerAt(areas, [10.05, 50.02], perPixel)).toBeUndefined();
    const edge = edgeAt(areas, [10.05, 50.0004], perPixel);
    expect(edge?.areaId).toBe('a');
    expect(edge?.index).toBe(1);
    expect(edge?.position[0]).toBeCloseTo(10.05);
    expect(edge?.position[1]).toBeCloseTo(50);
  });
});

describe('DRT file choosers (spec 2 §2 DRT tab)', () => {
  const files = [
    { id: 1, name: 'network.xml.gz', tag: 'network_v2' },
    { id: 2, name: 'vehicles_20.xml', tag: 'dvrp_vehicles_v1' },
    { id: 3, name: 'drt_stops.xml', tag: 'transitSchedule_v2' },
    { id: 4, name: 'mielec.shp', tag: 'shapefile' },
    { id: 5, name: 'mielec.dbf', tag: 'shapefile' },
    { id: 6, name: 'zone.gpkg', tag: null },
    { id: 7, name: 'fleet_10.xml', tag: 'dvrp_vehicles_v1' },
  ];

  it('offers the files of each kind by name, and the networks', () => {
    expect(drtFiles(files, 'vehicles').map((file) => file.id)).toEqual([7, 2]);
    expect(drtFiles(files, 'stops').map((file) => file.id)).toEqual([3]);
    expect(drtFiles(files, 'serviceArea').map((file) => file.id)).toEqual([4, 6]);
    expect(networkFiles(files).map((file) => file.id)).toEqual([1]);
  });

  it('locks a kind while it has unsaved changes; warns about loaded network changes', () => {
    const unsaved = [{ type: 'drt/addStops' }, { type: 'network/deleteLink' }] as const;
    expect(hasUnsaved(unsaved, 'stops')).toBe(true);
    expect(hasUnsaved(unsaved, 'vehicles')).toBe(false);
    expect(hasUnsaved([{ type: 'drt/moveServiceAreaPosition' }], 'serviceArea')).toBe(true);
    expect(hasUnsaved([{ type: 'drt/updateVehicles' }], 'vehicles')).toBe(true);
    expect(hasNetworkChanges(unsaved)).toBe(true);
    expect(hasNetworkChanges([{ type: 'drt/addStops' }])).toBe(false);
  });
});
