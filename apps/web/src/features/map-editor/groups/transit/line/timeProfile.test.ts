import { routeOf } from '@corridor/changesets';
import type { TransitRoute } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { editedStop, timeProfileRows } from './timeProfile.ts';
import { routeStop, testScenario } from './testScenario.ts';

const graph = testScenario();
const r1 = routeOf(graph, 'L1', 'R1')!;

describe('time profile rows (spec 2 §2)', () => {
  it('lists each route stop with occurrence, stop time, travel time, link and offsets', () => {
    const rows = timeProfileRows(graph, r1);
    expect(rows[0]).toEqual({ index: 0, id: 's1', name: 'Main Station', occurrence: 1, stopTime: 30, awaitDeparture: false, travelTime: 0, linkId: 'a01', arrivalOffset: 0, departureOffset: 30 });
    expect(rows[1]).toMatchObject({ id: 's2', stopTime: 30, travelTime: 90, arrivalOffset: 120, departureOffset: 150 });
  });

  it('counts the occurrences of a stop served twice; the link falls back to the stop', () => {
    const loop: TransitRoute = { ...r1, stops: [routeStop('s1', 0), routeStop('s2', 100), routeStop('s1', 200)] };
    const rows = timeProfileRows(graph, loop);
    expect(rows.map((row) => row.occurrence)).toEqual([1, 1, 2]);
    expect(rows[2]!.linkId).toBe('a01');
  });

  it('an edit gives the route stop to save; stop time moves the departure, travel time both offsets', () => {
    expect(editedStop(r1, 1, 'arrivalOffset', 100)).toEqual({ ...r1.stops[1], arrivalOffset: 100 });
    expect(editedStop(r1, 1, 'departureOffset', 200)).toEqual({ ...r1.stops[1], departureOffset: 200 });
    expect(editedStop(r1, 1, 'stopTime', 60)).toEqual({ ...r1.stops[1], arrivalOffset: 120, departureOffset: 180 });
    expect(editedStop(r1, 1, 'travelTime', 30)).toEqual({ ...r1.stops[1], arrivalOffset: 60, departureOffset: 90 });
    expect(editedStop(r1, 0, 'travelTime', 10)).toEqual({ ...r1.stops[0], arrivalOffset: 10, departureOffset: 40 });
    expect(editedStop(r1, 1, 'stopTime', 30)).toBeUndefined();
    expect(editedStop(r1, 9, 'stopTime', 30)).toBeUndefined();
  });
});
