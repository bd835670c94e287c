import { describe, expect, it } from 'vitest';
import { EDIT_KINDS, networkGraph } from '@corridor/changesets';
import { limitGroups, matchingIds, parseSuggestionValue, suggestionFlag, suggestionValue, SUGGESTIONS_MAX, SUGGESTIONS_PER_GROUP } from './suggestions.ts';

const ids = (count: number, prefix = '') => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

describe('search suggestions', () => {
  it('are at most 15, 5 per group (spec 2 §9)', () => {
    expect([SUGGESTIONS_MAX, SUGGESTIONS_PER_GROUP]).toEqual([15, 5]);
    const groups = limitGroups([
      { kind: 'node', ids: ids(40) },
      { kind: 'link', ids: ids(40) },
    ]);
    expect(groups.map((group) => [group.kind, group.ids.length])).toEqual([
      ['node', 5],
      ['link', 5],
    ]);
  });

  it('stop at 15 in all when there are more groups, earlier groups first', () => {
    const groups = limitGroups([
      { kind: 'node', ids: ids(9) },
      { kind: 'link', ids: ids(9) },
      { kind: 'node', ids: ids(9, 'a') },
      { kind: 'link', ids: ids(9, 'b') },
    ]);
    expect(groups.map((group) => group.ids.length)).toEqual([5, 5, 5]);
    expect(groups.flatMap((group) => group.ids)).toHaveLength(15);
  });

  it('leave out empty groups and repeated ids', () => {
    expect(limitGroups([
      { kind: 'node', ids: [] },
      { kind: 'link', ids: ['7', '7', '70'] },
    ])).toEqual([{ kind: 'link', ids: ['7', '70'] }]);
  });

  it('match loaded ids by prefix, exact and shorter ids first', () => {
    const loaded = ['1200', '12', '3', '121', '120', '1201', 'x12', '1210', '129'];
    expect(matchingIds(loaded, '12')).toEqual(['12', '120', '121', '129', '1200']);
    expect(matchingIds(loaded, '12', 50)).toHaveLength(7);
    expect(matchingIds(loaded, '')).toEqual([]);
    expect(matchingIds(new Map([['a', 1]]).keys(), 'a')).toEqual(['a']);
  });

  it('keep a node and a link of the same id apart', () => {
    expect(suggestionValue('node', '5')).not.toBe(suggestionValue('link', '5'));
    expect(parseSuggestionValue(suggestionValue('link', 'a:b'))).toEqual({ kind: 'link', id: 'a:b' });
    expect(parseSuggestionValue('stop:1')).toBeUndefined();
  });
});

describe('suggestion flags (issue 25: search finds deleted and added items)', () => {
  it('marks deleted and added nodes and links, and nothing else', () => {
    const link = { id: 'l1', fromId: 'a', toId: 'b', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] };
    const base = networkGraph([{ id: 'a', lng: 0, lat: 0 }, { id: 'b', lng: 1, lat: 0 }], [link]);
    const saved = EDIT_KINDS.apply(base, { type: 'network/deleteLink', id: 'l1' });
    const network = { graph: EDIT_KINDS.apply(saved, { type: 'network/addNode', node: { id: 'c', lng: 2, lat: 0 } }), saved };
    expect(suggestionFlag(network, 'link', 'l1')).toBe('deleted');
    expect(suggestionFlag(network, 'node', 'c')).toBe('added');
    expect(suggestionFlag(network, 'node', 'a')).toBeUndefined();
  });
});
