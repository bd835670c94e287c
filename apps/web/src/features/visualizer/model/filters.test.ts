import { describe, expect, test } from 'vitest';
import { analysisRequest, withOperator } from './filters.ts';
import { newAnalysisControl } from './layers.ts';

describe('link analysis request', () => {
  test('sends the section\'s usable filters with its time filter, and the flow bundle link', () => {
    const volume = { ...newAnalysisControl('link-volume'), time: 'custom' as const, from: 3600, to: 7200 };
    expect(analysisRequest(volume, 0)).toEqual({ timeFilter: { from: 3600, to: 7200 } });
    const filtered = {
      ...volume,
      filters: [
        { name: 'mode', operator: 'in' as const, value: ['car', 'bus'] },
        { name: 'mode', operator: '=' as const, value: '' },
      ],
    };
    expect(analysisRequest(filtered, 0)).toEqual({ timeFilter: { from: 3600, to: 7200 }, filters: [{ name: 'mode', operator: 'in', value: ['car', 'bus'] }] });
    const bundle = { ...newAnalysisControl('flow-bundle'), linkId: '12', filters: [{ name: 'mode', operator: '!=' as const, value: 'pt' }] };
    expect(analysisRequest(bundle, 5000)).toEqual({ filters: [{ name: 'mode', operator: '!=', value: 'pt' }], linkId: '12' });
    // An address from before filters existed.
    const { filters: _dropped, ...old } = newAnalysisControl('link-volume');
    expect(analysisRequest(old, 0)).toEqual({});
  });
});

describe('filter operator change', () => {
  test('a list becomes its first value for = and != and a single value a list for in and not in', () => {
    const list = { name: 'mode', operator: 'in' as const, value: ['car', 'bus'] };
    expect(withOperator(list, '=', 'string')).toEqual({ name: 'mode', operator: '=', value: 'car' });
    expect(withOperator(list, 'not in', 'string')).toEqual({ ...list, operator: 'not in' });
    expect(withOperator({ name: 'mode', operator: '!=', value: 'pt' }, 'in', 'string')).toEqual({ name: 'mode', operator: 'in', value: ['pt'] });
    expect(withOperator({ name: 'mode', operator: '=', value: '' }, 'in', 'string').value).toEqual([]);
    expect(withOperator({ name: 'mode', operator: 'in', value: [] }, '=', 'string').value).toBe('');
  });
});
