import { describe, expect, test } from 'vitest';
import { EMPTY_VIEW, reduceView, type NetworkLayer } from './layers.ts';
import { decodeTime, decodeView, encodeView, unknownAnalyses } from './urlState.ts';

describe('visualizer view in the address', () => {
  test('round-trips sources, layers with their settings and the active layer', () => {
    let view = reduceView(reduceView(EMPTY_VIEW, { type: 'addSource', runId: 12 }), { type: 'addSource', runId: 13 });
    const network = view.layers[0] as NetworkLayer;
    view = reduceView(view, { type: 'updateLayer', layer: { ...network, arrows: true, color: { ...network.color, attribute: 'link-volume' } } });
    view = reduceView(view, { type: 'activate', id: view.layers[1]!.id });
    expect(decodeView(encodeView(view))).toEqual(view);
  });

  test('an empty or damaged value is the empty view', () => {
    expect(decodeView(null)).toEqual(EMPTY_VIEW);
    expect(decodeView('{not json')).toEqual(EMPTY_VIEW);
    expect(decodeView(JSON.stringify({ s: [['s1', 3]], l: [{ type: 'network', dataSource: 's1', id: 'l1' }], a: null, n: 2 }))).toEqual(EMPTY_VIEW);
  });

  test('a layer on a missing data source or of an unknown type throws the spec\'s errors', () => {
    const view = reduceView(EMPTY_VIEW, { type: 'addSource', runId: 12 });
    const compact = JSON.parse(encodeView(view)) as { s: unknown[]; l: { type: string; dataSource: string }[] };
    expect(() => decodeView(JSON.stringify({ ...compact, s: [] }))).toThrow('Cannot find data source with id: s1');
    expect(() => decodeView(JSON.stringify({ s: [], l: [{ type: 'vehicles', dataSource: 's9' }], a: null, n: 1 }))).toThrow('Cannot find data source with id: s9');
    compact.l[0]!.type = 'heatmap';
    expect(() => decodeView(JSON.stringify(compact))).toThrow('Layer Type heatmap is not implemented');
  });

  test('keeps a section\'s filters and names unknown analysis keys so the page can warn', () => {
    let view = reduceView(EMPTY_VIEW, { type: 'addSource', runId: 12 });
    const network = view.layers[0] as NetworkLayer;
    view = reduceView(view, { type: 'updateLayer', layer: { ...network, color: { ...network.color, attribute: 'link-volume' } } });
    const withSection = view.layers[0] as NetworkLayer;
    const control = { ...withSection.analyses['link-volume']!, filters: [{ name: 'mode', operator: 'in' as const, value: ['car', 'bus'] }] };
    view = reduceView(view, { type: 'updateLayer', layer: { ...withSection, analyses: { 'link-volume': control } } });
    expect(decodeView(encodeView(view))).toEqual(view);
    expect(unknownAnalyses(encodeView(view))).toEqual([]);

    const compact = JSON.parse(encodeView(view)) as { l: { analyses?: Record<string, unknown> }[] };
    compact.l[0]!.analyses!['heat-map'] = control;
    const value = JSON.stringify(compact);
    expect(unknownAnalyses(value)).toEqual(['heat-map']);
    expect((decodeView(value).layers[0] as NetworkLayer).analyses).toEqual({ 'link-volume': control });
    expect(unknownAnalyses('{not json')).toEqual([]);
    expect(unknownAnalyses(null)).toEqual([]);
  });

  test('reads the time wrapped into the day', () => {
    expect(decodeTime('3600')).toBe(3600);
    expect(decodeTime('90000')).toBe(3600);
    expect(decodeTime(null)).toBe(0);
    expect(decodeTime('x')).toBe(0);
  });
});
