import { describe, expect, it } from 'vitest';
import de from '../../../i18n/panels.de.json';
import en from '../../../i18n/panels.en.json';
import { departureIdError, idError, lineDepartureIds, lineIdError, routeIdError } from './ids.ts';
import { testScenario } from './testScenario.ts';

const graph = testScenario();

describe('line tab id rules (spec 2 §5)', () => {
  it('has the exact English messages and German ones', () => {
    expect(en.line.errors).toEqual({
      lineIdEmpty: 'Line Id must not be empty',
      lineIdTaken: 'Line Id must be unique',
      routeIdEmpty: 'Route Id must not be empty',
      routeIdTaken: 'Route Id must be unique within the Transit Line',
      departureIdEmpty: 'Departure Id must not be empty',
      departureIdTaken: 'Departure Id must be unique within the transit line',
    });
    expect(Object.keys(de.line.errors)).toEqual(Object.keys(en.line.errors));
    expect(en.line.deactivated).toEqual({ title: 'Public Transport deactivated', text: 'Please activate the Public Transport Layer in order to resume here.' });
    expect(en.line.routes.placeholder).toBe('Select a Route');
  });

  it('an id must not be empty (after trimming) and not taken; the unchanged id is allowed', () => {
    const taken = (id: string) => id === 'x';
    expect(idError('line', '  ', 'a', taken)).toBe('lineIdEmpty');
    expect(idError('line', ' x ', 'a', taken)).toBe('lineIdTaken');
    expect(idError('line', 'x', 'x', taken)).toBeUndefined();
    expect(idError('line', ' b ', 'a', taken)).toBeUndefined();
  });

  it('line ids are unique among lines', () => {
    const other = testScenario();
    expect(lineIdError(other, 'L1', '')).toBe('lineIdEmpty');
    expect(lineIdError(other, 'L1', 'L1')).toBeUndefined();
    expect(lineIdError(other, 'L1', 'L2')).toBeUndefined();
    expect(lineIdError(other, 'L9', 'L1')).toBe('lineIdTaken');
  });

  it('route ids are unique within the line', () => {
    expect(routeIdError(graph, 'L1', 'R1', ' ')).toBe('routeIdEmpty');
    expect(routeIdError(graph, 'L1', 'R1', 'R2')).toBe('routeIdTaken');
    expect(routeIdError(graph, 'L1', 'R1', ' R1 ')).toBeUndefined();
    // Another line may have a route R2.
    expect(routeIdError(graph, 'L2', 'R1', 'R2')).toBeUndefined();
  });

  it('departure ids are unique within the transit line: other routes and this route’s other rows', () => {
    const rows = [{ id: 'd1' }, { id: 'd2' }];
    // R2 is edited: R1's departures d1, d2, d3 are taken, and its own rows except the edited one.
    const taken = lineDepartureIds(graph, 'L1', 'R2', [{ id: 'e1' }, { id: 'e2' }], 0);
    expect([...taken].sort()).toEqual(['d1', 'd2', 'd3', 'e2']);
    expect(departureIdError(taken, 'e1', 'd3')).toBe('departureIdTaken');
    expect(departureIdError(taken, 'e1', 'e2')).toBe('departureIdTaken');
    expect(departureIdError(taken, 'e1', 'e1')).toBeUndefined();
    expect(departureIdError(taken, 'e1', '')).toBe('departureIdEmpty');
    expect(departureIdError(lineDepartureIds(graph, 'L1', 'R1', rows, 1), 'd2', 'd3')).toBeUndefined();
  });
});
