import { describe, expect, test } from 'vitest';
import { EMPTY_VIEW, reduceView, sourceNumber, type NetworkLayer, type View } from './layers.ts';

const withSources = (...runIds: number[]): View => runIds.reduce((view, runId) => reduceView(view, { type: 'addSource', runId }), EMPTY_VIEW);

describe('visualizer data sources and layers', () => {
  test('the first data source brings a network and a vehicle layer on it; later ones none', () => {
    const view = withSources(7, 8);
    expect(view.sources.map((source) => source.runId)).toEqual([7, 8]);
    expect(view.layers.map((layer) => [layer.type, layer.dataSource])).toEqual([
      ['network', 's1'],
      ['vehicles', 's1'],
    ]);
    expect(view.active).toBe(view.layers[0]!.id);
  });

  test('names sources by position and renumbers them when one is removed, dropping its layers', () => {
    let view = withSources(7, 8, 9);
    expect(view.sources.map((source) => sourceNumber(view, source.id))).toEqual([1, 2, 3]);
    view = reduceView(view, { type: 'removeSource', id: 's1' });
    expect(view.sources.map((source) => [source.runId, sourceNumber(view, source.id)])).toEqual([
      [8, 1],
      [9, 2],
    ]);
    expect(view.layers).toEqual([]);
    expect(view.active).toBeNull();
  });

  test('adds layers by type on the active layer\'s source, removes them, toggles visibility, activates', () => {
    let view = withSources(7);
    view = reduceView(view, { type: 'addLayer', layerType: 'vehicles' });
    expect(view.layers).toHaveLength(3);
    const added = view.layers[2]!;
    expect(added).toMatchObject({ type: 'vehicles', dataSource: 's1', visible: true });
    expect(view.active).toBe(added.id);
    view = reduceView(view, { type: 'toggleLayer', id: added.id });
    expect(view.layers[2]!.visible).toBe(false);
    view = reduceView(view, { type: 'activate', id: view.layers[0]!.id });
    expect(view.active).toBe(view.layers[0]!.id);
    view = reduceView(view, { type: 'removeLayer', id: view.layers[0]!.id });
    expect(view.layers.map((layer) => layer.type)).toEqual(['vehicles', 'vehicles']);
    expect(view.active).toBe(view.layers[0]!.id);
    expect(reduceView(EMPTY_VIEW, { type: 'addLayer', layerType: 'network' })).toBe(EMPTY_VIEW);
  });

  test('a dynamic section appears when its analysis colours or widens the lines and goes when neither does', () => {
    let view = withSources(7);
    const network = view.layers[0] as NetworkLayer;
    view = reduceView(view, { type: 'updateLayer', layer: { ...network, color: { ...network.color, attribute: 'link-volume' } } });
    const coloured = view.layers[0] as NetworkLayer;
    expect(coloured.analyses['link-volume']).toEqual({ time: 'off', window: 900, from: 0, to: 86_400, filters: [] });
    const custom = { ...coloured, analyses: { 'link-volume': { time: 'custom' as const, window: 900, from: 10, to: 20 } } };
    view = reduceView(view, { type: 'updateLayer', layer: { ...custom, width: { ...custom.width, attribute: 'link-volume' }, color: { ...custom.color, attribute: null } } });
    expect((view.layers[0] as NetworkLayer).analyses['link-volume']).toMatchObject({ time: 'custom', from: 10 });
    const widened = view.layers[0] as NetworkLayer;
    view = reduceView(view, { type: 'updateLayer', layer: { ...widened, width: { ...widened.width, attribute: 'flow-bundle' } } });
    expect((view.layers[0] as NetworkLayer).analyses).toEqual({ 'flow-bundle': { time: 'off', window: 900, from: 0, to: 86_400, filters: [], linkId: '' } });
  });
});
