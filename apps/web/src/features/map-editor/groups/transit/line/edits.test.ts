import { EDIT_KINDS, lineOf, routeOf, routesOfLine } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import { lineUpdate, newDeparture } from './edits.ts';
import { testScenario } from './testScenario.ts';

describe('line tab modifications', () => {
  it('renaming a line keeps its routes under the new id', () => {
    const graph = testScenario();
    const renamed = EDIT_KINDS.apply(graph, lineUpdate(graph, 'L1', { id: 'L7' })!);
    expect(lineOf(renamed, 'L1')).toBeUndefined();
    expect(lineOf(renamed, 'L7')).toEqual({ id: 'L7', name: 'Blue' });
    expect(routesOfLine(renamed, 'L7').map((route) => [route.id, route.transitLineId]).sort()).toEqual([
      ['R1', 'L7'],
      ['R2', 'L7'],
    ]);
    expect(routeOf(renamed, 'L7', 'R1')?.departures).toHaveLength(3);
  });

  it('a new name keeps id and routes', () => {
    const graph = testScenario();
    const named = EDIT_KINDS.apply(graph, lineUpdate(graph, 'L1', { name: 'Red' })!);
    expect(lineOf(named, 'L1')?.name).toBe('Red');
    expect(routesOfLine(named, 'L1')).toHaveLength(2);
    expect(lineUpdate(graph, 'nope', { name: 'x' })).toBeUndefined();
  });

  it('Add puts a departure at the latest time with its vehicle, under a new id', () => {
    const departures = [
      { id: 'a', departureTime: 100, vehicleRefId: 'v1' },
      { id: 'b', departureTime: 900, vehicleRefId: 'v2', vehicleType: 'bus' },
      { id: 'c', departureTime: 500, vehicleRefId: 'v3' },
    ];
    const draws = ['taken000', 'fresh000'];
    const added = newDeparture(departures, new Set(['taken000']), () => draws.shift()!);
    expect(added).toEqual({ id: 'fresh000', departureTime: 900, vehicleRefId: 'v2', vehicleType: 'bus' });
    expect(newDeparture([], new Set(), () => 'first000')).toEqual({ id: 'first000', departureTime: 0, vehicleRefId: '' });
  });
});
