/**
 * One valid modification of each shape (spec 2 §3), for the hostile-string tests: the string inputs of a changeset
 * body come from every branch of the modification union, so each input needs a modification that has it.
 */
import type { Modification } from '@corridor/contract';

const stop = { id: 's1', name: 'Stop', coordinates: [13.4, 52.5] as [number, number], linkId: 'l1', isBlocking: false };
const departure = { id: 'd1', departureTime: 0, vehicleRefId: 'v1', vehicleType: 'bus' };
const lineRoute = { lineId: 'L1', routeId: 'r1' };
const route = {
  id: 'r1', name: 'R', mode: 'bus', transitLineId: 'L1', links: ['l1'], departures: [departure],
  stops: [{ id: 's1', departureOffset: 0, arrivalOffset: 0, awaitDeparture: false, linkId: 'l1' }],
};

const LEAVES: Modification[] = [
  { type: 'network/addNode', node: { id: 'n1', lng: 0, lat: 0 } },
  { type: 'network/addLink', link: { id: 'l1', fromId: 'a', toId: 'b', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] } },
  { type: 'network/updateLink', id: 'l1', changes: { fromId: 'a', toId: 'b', modes: ['car'] } },
  { type: 'transitStop/add', stop: { ...stop, group: 'g' } },
  { type: 'transitLine/add', line: { id: 'L1', name: 'Line', transitRoutes: {} } },
  { type: 'route/update', ...lineRoute, route },
  { type: 'route/updateDepartures', ...lineRoute, departures: [departure] },
  { type: 'route/addStop', ...lineRoute, stopId: 's1', afterIndex: -1 },
  { type: 'networkRoute/addLink', ...lineRoute, linkId: 'l1', index: 0 },
  { type: 'drt/addStops', stops: [stop] },
  { type: 'drt/deleteStops', ids: ['s1'] },
  { type: 'drt/addVehicles', vehicles: [{ id: 'v1', startLinkId: 'l1', capacity: '1', t0: 0, t1: 1 }] },
  { type: 'drt/addServiceArea', area: { type: 'Feature', id: 'a1', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, properties: {} } },
  { type: 'drt/addServiceAreaPosition', areaId: 'a1', index: 0, position: [0, 0] },
];
const GROUPED = new Set(['network', 'transitStop', 'transitLine']);

/** True when `keys` lead to a value of the type `leaf` (a string, a number) inside `value`. */
function hasLeaf(value: unknown, keys: string[], leaf: 'string' | 'number'): boolean {
  if (keys.length === 0) return typeof value === leaf;
  if (value === null || typeof value !== 'object') return false;
  return hasLeaf((value as Record<string, unknown>)[keys[0]!], keys.slice(1), leaf);
}

/**
 * A modification that has the string (or, for the hostile-integer test, the number) at `pointer` (like
 * "body/modifications/0/stop/name"), inside a group if need be.
 */
export function modificationWith(pointer: string, leaf: 'string' | 'number' = 'string'): Modification {
  const keys = pointer.split('/').slice(3);
  if (keys[0] === 'modifications') {
    const found = LEAVES.find((m) => GROUPED.has(m.type.split('/')[0]!) && hasLeaf(m, keys.slice(2), leaf))!;
    return { type: `${found.type.split('/')[0]}/group`, modifications: [found] } as Modification;
  }
  return LEAVES.find((m) => hasLeaf(m, keys, leaf)) ?? LEAVES[0]!;
}
