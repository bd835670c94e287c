/** What the public transport tools build (spec 2 §4, §9) and the network-route candidates. */
import type { TransitRoute } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { GraphBase } from '../graph/base.ts';
import { ScenarioGraph } from '../graph/graph.ts';
import { LINK, NODE } from '../network/entities.ts';
import { EDIT_KINDS, SCENARIO_INDEXES } from '../scenario.ts';
import { gridNetwork } from '../testing.ts';
import { duplicateRoute, newLine, newStop, oppositeLinkId } from './builders.ts';
import { routeEntity, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP } from './entities.ts';
import { candidatesAt, edgeNodes } from './network-route.ts';
import { routeOf, transitLineOf } from './read.ts';

const R1: TransitRoute = {
  id: 'R1',
  name: 'Northbound',
  mode: 'bus',
  transitLineId: 'L1',
  stops: [
    { id: 's1', arrivalOffset: 0, departureOffset: 0, awaitDeparture: true, linkId: 'l0-1' },
    { id: 's2', arrivalOffset: 100, departureOffset: 130, awaitDeparture: true },
    { id: 's3', arrivalOffset: 300, departureOffset: 300, awaitDeparture: true, linkId: 'l2-5' },
  ],
  links: ['l0-1', 'l1-2', 'l2-5'],
  departures: [
    { id: 'd1', departureTime: 28_800, vehicleRefId: 'v1' },
    { id: 'd2', departureTime: 32_400, vehicleRefId: 'v1' },
  ],
};

function scenario(): ScenarioGraph {
  const base = new GraphBase(SCENARIO_INDEXES);
  const { nodes, links } = gridNetwork(3);
  base.add(NODE, nodes);
  // l2-5 has no opposite (one-way) so a reversed copy drops it.
  base.add(LINK, links.filter((link) => link.id !== 'l5-2'));
  base.add(TRANSIT_STOP, ['s1', 's2', 's3'].map((id) => ({ id, name: id, coordinates: [13, 52] as [number, number], isBlocking: false })));
  base.add(TRANSIT_LINE, [{ id: 'L1' }]);
  base.add(TRANSIT_ROUTE, [routeEntity(R1)]);
  return ScenarioGraph.of(base);
}

/** Ids from a list, in order (a random source for generateId). */
const ids = (...list: string[]) => () => list.shift()!;

describe('new stops and lines (§9)', () => {
  it('a new stop gets an 8-character id unused by stops, named "Stop-" + id, not blocking', () => {
    const graph = EDIT_KINDS.apply(scenario(), { type: 'transitStop/add', stop: { id: 'taken001', name: 'x', coordinates: [13, 52], isBlocking: false } });
    const mod = newStop(graph, [13.1, 52.2], ids('taken001-and-more', 'abcd1234-rest'));
    expect(mod.stop).toEqual({ id: 'abcd1234', name: 'Stop-abcd1234', coordinates: [13.1, 52.2], isBlocking: false });
  });

  it('a new line has one route with an empty mode and no name, serving the stop at offsets 0/0', () => {
    const graph = scenario();
    const mod = newLine(graph, 's2', ids('L1', 'line0001', 'rout0001'));
    expect(mod.line.id).toBe('line0001');
    const applied = transitLineOf(EDIT_KINDS.apply(graph, mod), 'line0001')!;
    expect(applied.transitRoutes.rout0001).toEqual({ id: 'rout0001', mode: '', transitLineId: 'line0001', stops: [{ id: 's2', arrivalOffset: 0, departureOffset: 0, awaitDeparture: false }], links: [], departures: [] });
    expect(applied.transitRoutes.rout0001!.name).toBeUndefined();
  });
});

describe('duplicating a route (§4)', () => {
  it('a plain copy gets the _duplicated suffix and new departure and vehicle ids', () => {
    const mod = duplicateRoute(scenario(), 'L1', 'R1', { random: ids('R1', 'copy0001', 'dep00001', 'veh00001', 'dep00002') });
    expect(mod.route).toMatchObject({ id: 'copy0001', name: 'Northbound_duplicated', stops: R1.stops, links: R1.links });
    expect(mod.route.departures).toEqual([
      { id: 'dep00001', departureTime: 28_800, vehicleRefId: 'veh00001' },
      { id: 'dep00002', departureTime: 32_400, vehicleRefId: 'veh00001' },
    ]);
    expect(routeOf(EDIT_KINDS.apply(scenario(), mod), 'L1', 'copy0001')).toEqual(mod.route);
  });

  it('reversed: stops in the other order with mirrored offsets, links mapped to their opposites, a link without one dropped', () => {
    expect(oppositeLinkId(scenario(), 'l0-1')).toBe('l1-0');
    expect(oppositeLinkId(scenario(), 'l2-5')).toBeUndefined();
    const { route } = duplicateRoute(scenario(), 'L1', 'R1', { reversed: true });
    expect(route.stops).toEqual([
      { id: 's3', arrivalOffset: 0, departureOffset: 0, awaitDeparture: true },
      { id: 's2', arrivalOffset: 170, departureOffset: 200, awaitDeparture: true },
      { id: 's1', arrivalOffset: 300, departureOffset: 300, awaitDeparture: true, linkId: 'l1-0' },
    ]);
    expect(route.links).toEqual(['l2-1', 'l1-0']);
  });
});

describe('network-route editing (§4)', () => {
  it('offers the links leaving the end node and arriving at the start node, U-turns apart, never a self-loop', () => {
    const graph = EDIT_KINDS.apply(scenario(), { type: 'network/addLink', link: { id: 'loop', fromId: 'n5', toId: 'n5', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] } });
    expect(edgeNodes(graph, R1)).toEqual({ start: 'n0', end: 'n5' });
    const atEnd = candidatesAt(graph, R1, 'n5');
    expect(atEnd.candidates.map((link) => link.id).sort()).toEqual(['l5-4', 'l5-8']);
    expect(atEnd.uTurns).toEqual([]); // l5-2 does not exist
    const atStart = candidatesAt(graph, R1, 'n0');
    expect(atStart.candidates.map((link) => link.id)).toEqual(['l3-0']);
    expect(atStart.uTurns.map((link) => link.id)).toEqual(['l1-0']);
    expect(candidatesAt(graph, R1, 'n4')).toEqual({ candidates: [], uTurns: [] });
  });
});
