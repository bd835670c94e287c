import { routeOf, routesOfLine } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import { routeOption, routeOptions } from './routeOption.ts';
import { testScenario } from './testScenario.ts';

describe('route options of the Routes card (spec 2 §2)', () => {
  it('shows the label, first to last stop, departure range, counts and mode', () => {
    const graph = testScenario();
    expect(routeOption(graph, routeOf(graph, 'L1', 'R1')!)).toEqual({
      value: 'R1',
      label: 'Eastbound',
      from: 'Main Station',
      to: 'A very long stop name that goes on and on',
      first: '06:00',
      last: '10:00',
      departures: 3,
      stops: 3,
      mode: 'bus',
    });
  });

  it('a route without a name shows its id; without departures no range', () => {
    const graph = testScenario();
    const option = routeOption(graph, routeOf(graph, 'L1', 'R2')!);
    expect(option).toMatchObject({ label: 'R2', from: 'Market', to: 'Market', departures: 0, stops: 1, mode: 'tram' });
    expect(option.first).toBeUndefined();
    expect(option.last).toBeUndefined();
  });

  it('a stop that is not loaded shows its id; options are sorted by label', () => {
    const graph = testScenario([
      { id: 'Z', name: 'b', mode: '', transitLineId: 'L1', stops: [{ id: 'gone', arrivalOffset: 0, departureOffset: 0, awaitDeparture: false }], links: [], departures: [] },
      { id: 'Y', name: 'a', mode: '', transitLineId: 'L1', stops: [], links: [], departures: [] },
    ]);
    const options = routeOptions(graph, routesOfLine(graph, 'L1'));
    expect(options.map((option) => option.label)).toEqual(['a', 'b']);
    expect(options[1]).toMatchObject({ from: 'gone', to: 'gone' });
    expect(options[0]!.from).toBeUndefined();
  });
});
