import { describe, expect, it } from 'vitest';
import { LoadedAreas } from './loadedAreas.ts';

const none = () => false;
const ids = (out: Map<string, string[]>, kind: string) => [...(out.get(kind) ?? [])].sort();

describe('loaded-area cache', () => {
  it('keeps at most maxAreas areas, dropping the least recently used; a reload makes an area the newest', () => {
    const areas = new LoadedAreas({ maxAreas: 2, maxEntities: {} });
    areas.remember('A', { link: ['1', '2'] });
    areas.remember('B', { link: ['3'] });
    areas.remember('A', { link: ['1', '2'] });
    areas.remember('C', { link: ['4'] });
    const out = areas.evict(none);
    expect(ids(out, 'link')).toEqual(['3']);
    expect([areas.has('A'), areas.has('B'), areas.has('C')]).toEqual([true, false, true]);
  });

  it('answers only ids no kept area holds', () => {
    const areas = new LoadedAreas({ maxAreas: 1, maxEntities: {} });
    areas.remember('A', { node: ['a', 'b'], link: ['ab'] });
    areas.remember('B', { node: ['b', 'c'], link: ['bc'] });
    const out = areas.evict(none);
    expect(ids(out, 'node')).toEqual(['a']);
    expect(ids(out, 'link')).toEqual(['ab']);
  });

  it('caps the distinct entities of a kind, never dropping the newest area', () => {
    const areas = new LoadedAreas({ maxAreas: 10, maxEntities: { link: 3 } });
    areas.remember('A', { link: ['1', '2'] });
    areas.remember('B', { link: ['2', '3'] });
    expect(areas.evict(none).size).toBe(0);
    areas.remember('C', { link: ['4', '5', '6', '7'] });
    const out = areas.evict(none);
    expect(ids(out, 'link')).toEqual(['1', '2', '3']);
    expect(areas.size).toBe(1);
    expect(areas.count('link')).toBe(4);
  });

  it('keeps what `keep` protects and answers it by a later eviction once it may go', () => {
    const areas = new LoadedAreas({ maxAreas: 1, maxEntities: {} });
    let edited = true;
    areas.remember('A', { link: ['edited', 'plain'] });
    areas.remember('B', { link: ['other'] });
    expect(ids(areas.evict((_kind, id) => edited && id === 'edited'), 'link')).toEqual(['plain']);
    // Still kept while protected; once it is not, the next eviction lets it go.
    expect(areas.evict((_kind, id) => edited && id === 'edited').size).toBe(0);
    edited = false;
    expect(ids(areas.evict(() => false), 'link')).toEqual(['edited']);
    // A kept id that an area brings again is that area's again.
    edited = true;
    areas.remember('C', { link: ['x'] });
    areas.remember('D', { link: ['x2'] });
    expect(ids(areas.evict((_kind, id) => edited && id === 'x'), 'link')).toEqual(['other']);
    areas.remember('E', { link: ['x'] });
    expect(ids(areas.evict(() => false), 'link')).toEqual(['x2']);
  });
});
