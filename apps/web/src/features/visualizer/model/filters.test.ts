import { describe, expect, test } from 'vitest';
import { analysisRequest } from './filters.ts';
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
