import { afterEach, describe, expect, test, vi } from 'vitest';
import { analysisTimeFilter, linkIndex, valuesByLink } from './analysis.ts';
import { activeFilters, filterText, filterValue } from './filters.ts';

afterEach(() => vi.restoreAllMocks());

describe('link analyses', () => {
  test('time filter: off, synced to the global time, custom', () => {
    const control = { time: 'off' as const, window: 1800, from: 7200, to: 3600 };
    expect(analysisTimeFilter(control, 5000)).toBeUndefined();
    expect(analysisTimeFilter({ ...control, time: 'sync' }, 5000)).toEqual({ from: 3600, to: 5400 });
    expect(analysisTimeFilter({ ...control, time: 'custom' }, 5000)).toEqual({ from: 3600, to: 7200 });
  });

  test('lays values onto the link order, 0 for links the answer omits (no traffic), and skips unknown ids with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const values = valuesByLink({ b: 5, a: 2, zz: 9 }, linkIndex(['a', 'b', 'c']), 3);
    expect([...values.slice(0, 2)]).toEqual([2, 5]);
    expect(values[2]).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain('zz');
  });
});

describe('vehicle filters', () => {
  test('splits text lists on commas and reads numbers', () => {
    expect(filterValue('in', 'car, bus,,pt ', 'string')).toEqual(['car', 'bus', 'pt']);
    expect(filterValue('=', ' car ', 'string')).toBe('car');
    expect(filterValue('!=', '3', 'integer')).toBe(3);
    expect(filterText({ name: 'mode', operator: 'in', value: ['car', 'bus'] })).toBe('car, bus');
  });

  test('sends only entries with a name and a value', () => {
    const filters = [
      { name: 'mode', operator: 'in' as const, value: [] },
      { name: '', operator: '=' as const, value: 'x' },
      { name: 'mode', operator: '=' as const, value: 'car' },
    ];
    expect(activeFilters(filters)).toEqual([filters[2]]);
  });
});
