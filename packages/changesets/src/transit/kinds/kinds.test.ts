/** Public transport kinds on the graph core: spec 2 §4 transit rules, §9 constants, and network edits' effects. */
import type { Modification, TransitLine } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { ScenarioGraph } from '../../graph/graph.ts';
import { graphOf, newHistory, push, undo } from '../../history.ts';
import { splitLink } from '../../network/builders.ts';
import { EDIT_KINDS } from '../../scenario.ts';
import { testRoute as route, testRouteStop as routeStop, testStop as stop, transitTestGraph } from '../../testing.ts';
import { lineOf, routeOf, routesOfLine, stopOf, transitLineOf } from '../read.ts';

const scenario = transitTestGraph;
const apply = (graph: ScenarioGraph, mod: Modification) => EDIT_KINDS.apply(graph, mod);
const stopsOf = (graph: ScenarioGraph, lineId: string, routeId: string) => routeOf(graph, lineId, routeId)?.stops.map((s) => s.id);

describe('transit stops (spec 2 §4)', () => {
  it('deleting a stop removes it from every route; routes left empty and then lines left empty disappear', () => {
    const graph = apply(scenario(), { type: 'transitStop/delete', id: 's2' });
    expect(stopOf(graph, 's2')).toBeUndefined();
    expect(stopsOf(graph, 'L1', 'R1')).toEqual(['s1', 's3']);
    expect(routeOf(graph, 'L1', 'R2')).toBeUndefined();
    expect(lineOf(graph, 'L1')).toBeDefined();
    const noL2 = apply(graph, { type: 'transitStop/delete', id: 's4' });
    expect(routeOf(noL2, 'L2', 'R3')).toBeUndefined();
    expect(lineOf(noL2, 'L2')).toBeUndefined();
  });

  it('a stop given a new id keeps its place in every route; ids must be unused', () => {
    const graph = apply(scenario(), { type: 'transitStop/update', id: 's2', stop: { ...stop('s2b', 'l1-2'), name: 'Renamed' } });
    expect(stopsOf(graph, 'L1', 'R1')).toEqual(['s1', 's2b', 's3']);
    expect(stopsOf(graph, 'L1', 'R2')).toEqual(['s2b']);
    expect(stopOf(graph, 's2b')?.name).toBe('Renamed');
    expect(EDIT_KINDS.disabled(scenario(), { type: 'transitStop/update', id: 's2', stop: stop('s1') })).toEqual({ code: 'stopExists', params: { id: 's1' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'transitStop/add', stop: stop('s1') })).toEqual({ code: 'stopExists', params: { id: 's1' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'transitStop/delete', id: 'nope' })).toEqual({ code: 'stopNotFound', params: { id: 'nope' } });
  });
});

describe('routes (spec 2 §4)', () => {
  it('a route keeps at least one stop: removing the last one is ignored', () => {
    const graph = apply(scenario(), { type: 'route/deleteStop', lineId: 'L1', routeId: 'R2', index: 0 });
    expect(stopsOf(graph, 'L1', 'R2')).toEqual(['s2']);
    expect(stopsOf(apply(scenario(), { type: 'route/deleteStop', lineId: 'L1', routeId: 'R1', index: 1 }), 'L1', 'R1')).toEqual(['s1', 's3']);
    expect(EDIT_KINDS.disabled(scenario(), { type: 'route/deleteStop', lineId: 'L1', routeId: 'R1', index: 3 })).toEqual({ code: 'routePositionNotFound', params: { lineId: 'L1', id: 'R1', index: 3 } });
  });

  it('a stop added after an occurrence gets the mean of its neighbours’ offsets, +60 s at the end, and is ignored next to itself', () => {
    const between = routeOf(apply(scenario(), { type: 'route/addStop', lineId: 'L1', routeId: 'R1', stopId: 's4', afterIndex: 0 }), 'L1', 'R1')!;
    expect(between.stops.map((s) => [s.id, s.arrivalOffset, s.departureOffset])).toEqual([['s1', 0, 0], ['s4', 60, 60], ['s2', 120, 120], ['s3', 300, 300]]);
    const end = routeOf(apply(scenario(), { type: 'route/addStop', lineId: 'L1', routeId: 'R1', stopId: 's5', afterIndex: 2 }), 'L1', 'R1')!;
    expect(end.stops.at(-1)).toEqual({ id: 's5', arrivalOffset: 360, departureOffset: 360, awaitDeparture: false });
    const first = routeOf(apply(scenario(), { type: 'route/addStop', lineId: 'L1', routeId: 'R1', stopId: 's4', afterIndex: -1 }), 'L1', 'R1')!;
    expect(first.stops[0]).toMatchObject({ id: 's4', arrivalOffset: 0 });
    const same = scenario();
    expect(apply(same, { type: 'route/addStop', lineId: 'L1', routeId: 'R1', stopId: 's2', afterIndex: 0 })).toBe(same);
    expect(apply(same, { type: 'route/addStop', lineId: 'L1', routeId: 'R1', stopId: 's2', afterIndex: 1 })).toBe(same);
    const assigned = routeOf(apply(scenario(), { type: 'route/addStop', lineId: 'L1', routeId: 'R2', stopId: 's3', afterIndex: 0 }), 'L1', 'R2')!;
    expect(assigned.stops[1]).toMatchObject({ id: 's3', linkId: 'l2-5' });
  });

  it('deleting the last route of a line deletes the line; route ids are unique within their line', () => {
    const one = apply(scenario(), { type: 'route/delete', lineId: 'L1', routeId: 'R2' });
    expect(lineOf(one, 'L1')).toBeDefined();
    const none = apply(one, { type: 'route/delete', lineId: 'L1', routeId: 'R1' });
    expect(lineOf(none, 'L1')).toBeUndefined();
    expect(EDIT_KINDS.disabled(scenario(), { type: 'route/add', route: route('R1', 'L1', [], []) })).toEqual({ code: 'routeExists', params: { lineId: 'L1', id: 'R1' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'route/add', route: route('R1', 'L2', [routeStop('s4', 0)], []) })).toBeUndefined();
    expect(EDIT_KINDS.disabled(scenario(), { type: 'route/add', route: route('R9', 'L9', [], []) })).toEqual({ code: 'lineNotFound', params: { id: 'L9' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'route/update', lineId: 'L1', routeId: 'R2', route: route('R1', 'L1', [], []) })).toEqual({ code: 'routeExists', params: { lineId: 'L1', id: 'R1' } });
    const renamed = apply(scenario(), { type: 'route/update', lineId: 'L1', routeId: 'R2', route: { ...route('R2b', 'L1', [routeStop('s2', 0)], []), name: 'Express' } });
    expect(routesOfLine(renamed, 'L1').map((r) => r.id).sort()).toEqual(['R1', 'R2b']);
  });

  it('departures are replaced; network routes take and lose links at a position', () => {
    const departures = [{ id: 'a', departureTime: 1, vehicleRefId: 'v' }, { id: 'b', departureTime: 2, vehicleRefId: 'w' }];
    expect(routeOf(apply(scenario(), { type: 'route/updateDepartures', lineId: 'L1', routeId: 'R1', departures }), 'L1', 'R1')!.departures).toEqual(departures);
    const added = apply(scenario(), { type: 'networkRoute/addLink', lineId: 'L1', routeId: 'R2', linkId: 'l2-1', index: 1 });
    expect(routeOf(added, 'L1', 'R2')!.links).toEqual(['l1-2', 'l2-1']);
    expect(routeOf(apply(added, { type: 'networkRoute/deleteLink', lineId: 'L1', routeId: 'R2', index: 0 }), 'L1', 'R2')!.links).toEqual(['l2-1']);
    expect(EDIT_KINDS.disabled(scenario(), { type: 'networkRoute/addLink', lineId: 'L1', routeId: 'R2', linkId: 'nope', index: 0 })).toEqual({ code: 'linkNotFound', params: { id: 'nope' } });
    expect(EDIT_KINDS.disabled(scenario(), { type: 'networkRoute/addLink', lineId: 'L1', routeId: 'R2', linkId: 'l2-1', index: 2 })).toEqual({ code: 'routePositionNotFound', params: { lineId: 'L1', id: 'R2', index: 2 } });
  });
});

describe('lines', () => {
  it('a line is added, renamed and deleted with its routes', () => {
    const line: TransitLine = { id: 'L3', name: 'Three', transitRoutes: { A: route('A', 'whatever', [routeStop('s5', 0)], []) } };
    const added = apply(scenario(), { type: 'transitLine/add', line });
    expect(transitLineOf(added, 'L3')).toEqual({ id: 'L3', name: 'Three', transitRoutes: { A: { ...line.transitRoutes.A, transitLineId: 'L3' } } });
    const renamed = apply(added, { type: 'transitLine/update', id: 'L3', line: { ...line, id: 'L4' } });
    expect(lineOf(renamed, 'L3')).toBeUndefined();
    expect(routeOf(renamed, 'L3', 'A')).toBeUndefined();
    expect(routeOf(renamed, 'L4', 'A')?.transitLineId).toBe('L4');
    const deleted = apply(renamed, { type: 'transitLine/delete', id: 'L4' });
    expect([lineOf(deleted, 'L4'), routeOf(deleted, 'L4', 'A')]).toEqual([undefined, undefined]);
    expect(EDIT_KINDS.disabled(scenario(), { type: 'transitLine/add', line: { ...line, id: 'L1' } })).toEqual({ code: 'lineExists', params: { id: 'L1' } });
  });

  it('a group of stop edits applies whole or not at all', () => {
    const graph = scenario();
    const group: Modification = { type: 'transitStop/group', modifications: [{ type: 'transitStop/add', stop: stop('s9') }, { type: 'transitStop/delete', id: 'nope' }] };
    expect(EDIT_KINDS.disabled(graph, group)).toEqual({ code: 'stopNotFound', params: { id: 'nope' } });
    expect(() => apply(graph, group)).toThrow('Transit stop nope not found');
    expect(stopOf(graph, 's9')).toBeUndefined();
  });
});

describe('network edits change the routes that use them (cross-group effects)', () => {
  it('a deleted link leaves every network route and its stops lose it; undo gives both back', () => {
    const start = newHistory(scenario());
    const history = push(start, { type: 'network/deleteLink', id: 'l1-2' });
    const graph = graphOf(history);
    expect(routeOf(graph, 'L1', 'R1')!.links).toEqual(['l0-1', 'l2-5']);
    expect(routeOf(graph, 'L1', 'R1')!.stops[1]).toEqual(routeStop('s2', 120));
    expect(stopOf(graph, 's2')).toEqual(stop('s2'));
    expect(routeOf(graph, 'L1', 'R2')!.links).toEqual([]);
    expect(graphOf(undo(history))).toBe(graphOf(start));
    expect(routeOf(graphOf(undo(history)), 'L1', 'R1')!.links).toEqual(['l0-1', 'l1-2', 'l2-5']);
  });

  it('a split replaces the link by its two halves in order; stops on it move to the half ending where it ended', () => {
    const graph = scenario();
    const split = splitLink(graph, { linkId: 'l1-2', node: { id: 'm', lng: 13.0015, lat: 52 }, newLinkIds: (id) => [`${id}a`, `${id}b`] });
    const after = apply(graph, split);
    expect(routeOf(after, 'L1', 'R1')!.links).toEqual(['l0-1', 'l1-2a', 'l1-2b', 'l2-5']);
    expect(routeOf(after, 'L1', 'R1')!.stops[1]).toEqual(routeStop('s2', 120, 'l1-2b'));
    expect(stopOf(after, 's2')!.linkId).toBe('l1-2b');
    expect(routeOf(after, 'L1', 'R2')!.links).toEqual(['l1-2a', 'l1-2b']);
    expect(routeOf(after, 'L2', 'R3')).toBe(routeOf(graph, 'L2', 'R3'));
  });
});
