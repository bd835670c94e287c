import { describe, expect, test } from 'vitest';
import { linkIndex } from './analysis.ts';
import { differenceValues, LINK_VOLUME_DIFFERENCE, magnitudes, sharedNetwork } from './difference.ts';
import { EMPTY_VIEW, reduceView, type NetworkLayer } from './layers.ts';
import { decodeView, encodeView, unknownAnalyses } from './urlState.ts';

const LINKS = ['a', 'b', 'c', 'd', 'e'];
const index = linkIndex(LINKS);

describe('link volume difference (base against case)', () => {
  test('absolute: case minus base per link in the network order, links either answer leaves out count 0', () => {
    const caseAnswer = { a: 10, b: 5, c: 0, e: 7 };
    const baseAnswer = { a: 4, b: 5, d: 3 };
    expect([...differenceValues(caseAnswer, baseAnswer, index, LINKS.length, 'absolute')]).toEqual([6, 0, 0, -3, 7]);
  });

  test('relative: per cent of the base; no traffic in both is 0, new traffic +∞, a link emptied −100', () => {
    const values = differenceValues({ a: 15, b: 0, c: 0, d: 2 }, { a: 10, b: 4, c: 0 }, index, LINKS.length, 'relative');
    expect([...values]).toEqual([50, -100, 0, Infinity, 0]);
  });

  test('ids the case network does not have are skipped; widths take the size of a change', () => {
    const values = differenceValues({ a: 1, zz: 9 }, { a: 3, yy: 1 }, index, LINKS.length, 'absolute');
    expect(values[0]).toBe(-2);
    expect([...magnitudes(values)]).toEqual([2, 0, 0, 0, 0]);
  });

  test('networks are shared when their link ids are the same set; otherwise it counts the links of one only', () => {
    expect(sharedNetwork(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual({ shared: true, onlyInCase: 0, onlyInBase: 0 });
    expect(sharedNetwork(['a', 'b', 'c'], ['a', 'x'])).toEqual({ shared: false, onlyInCase: 2, onlyInBase: 1 });
  });
});

/** A view with three sources and the first network layer coloured by the difference. */
function differenceView() {
  let view = EMPTY_VIEW;
  for (const runId of [11, 12, 13]) view = reduceView(view, { type: 'addSource', runId });
  const network = view.layers[0] as NetworkLayer;
  return reduceView(view, { type: 'updateLayer', layer: { ...network, color: { ...network.color, attribute: LINK_VOLUME_DIFFERENCE } } });
}

describe('the difference section in the view', () => {
  test('appears with the first other source as base, absolute, and goes when nothing uses it', () => {
    const view = differenceView();
    const [first, second] = view.sources.map((source) => source.id);
    const network = view.layers[0] as NetworkLayer;
    expect(network.dataSource).toBe(first);
    expect(network.analyses[LINK_VOLUME_DIFFERENCE]).toMatchObject({ base: second, measure: 'absolute', time: 'off', filters: [] });
    const cleared = reduceView(view, { type: 'updateLayer', layer: { ...network, color: { ...network.color, attribute: null } } });
    expect((cleared.layers[0] as NetworkLayer).analyses[LINK_VOLUME_DIFFERENCE]).toBeUndefined();
  });

  test('a base that is removed or becomes the case falls back to another source; without one it is empty', () => {
    let view = differenceView();
    const [first, second, third] = view.sources.map((source) => source.id);
    view = reduceView(view, { type: 'removeSource', id: second! });
    expect((view.layers[0] as NetworkLayer).analyses[LINK_VOLUME_DIFFERENCE]?.base).toBe(third);
    const network = view.layers[0] as NetworkLayer;
    view = reduceView(view, { type: 'updateLayer', layer: { ...network, dataSource: third! } });
    expect((view.layers[0] as NetworkLayer).analyses[LINK_VOLUME_DIFFERENCE]?.base).toBe(first);
    view = reduceView(view, { type: 'removeSource', id: first! });
    expect((view.layers[0] as NetworkLayer).analyses[LINK_VOLUME_DIFFERENCE]?.base).toBe('');
  });

  test('the address keeps base, measure, time filter and filters, and knows the section by name', () => {
    let view = differenceView();
    const third = view.sources[2]!.id;
    const network = view.layers[0] as NetworkLayer;
    const control = network.analyses[LINK_VOLUME_DIFFERENCE]!;
    view = reduceView(view, {
      type: 'updateLayer',
      layer: {
        ...network,
        width: { ...network.width, attribute: LINK_VOLUME_DIFFERENCE },
        analyses: { ...network.analyses, [LINK_VOLUME_DIFFERENCE]: { ...control, base: third, measure: 'relative', time: 'sync', window: 1800, filters: [{ name: 'mode', operator: '=', value: 'car' }] } },
      },
    });
    const encoded = encodeView(view);
    expect(decodeView(encoded)).toEqual(view);
    expect(unknownAnalyses(encoded)).toEqual([]);
  });

  test('an address whose base is not a source of the view opens with the first other source', () => {
    const view = differenceView();
    const compact = JSON.parse(encodeView(view)) as { l: { analyses?: Record<string, { base: string }> }[] };
    compact.l[0]!.analyses![LINK_VOLUME_DIFFERENCE]!.base = 's9';
    const decoded = decodeView(JSON.stringify(compact));
    expect((decoded.layers[0] as NetworkLayer).analyses[LINK_VOLUME_DIFFERENCE]?.base).toBe(view.sources[1]!.id);
  });
});
