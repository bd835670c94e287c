import { EDIT_KINDS, LINK, lists, networkGraph, newHistory, push, undo } from '@corridor/changesets';
import type { NetworkLink } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { bulkAddOpposite, bulkDelete, bulkEdit, bulkReverse } from './bulk.ts';

const link = (id: string, fromId: string, toId: string, capacity: number) => ({
  id, fromId, toId, capacity, length: 10, lanes: 1, freespeed: 13.89, modes: ['car'],
});
const network = networkGraph(
  [
    { id: 'a', lng: 8, lat: 47 },
    { id: 'b', lng: 8, lat: 47.1 },
    { id: 'c', lng: 8.1, lat: 47 },
  ],
  [link('ab', 'a', 'b', 900), link('ba', 'b', 'a', 300), link('ac', 'a', 'c', 600)],
);
const links = [...network.entities<NetworkLink>(LINK)];

describe('bulk actions', () => {
  it('edit changes only the given fields and only where they differ', () => {
    expect(bulkEdit(links, { capacity: 900, lanes: 2 })).toEqual({
      type: 'network/group',
      modifications: [
        { type: 'network/updateLink', id: 'ab', changes: { lanes: 2 } },
        { type: 'network/updateLink', id: 'ba', changes: { capacity: 900, lanes: 2 } },
        { type: 'network/updateLink', id: 'ac', changes: { capacity: 900, lanes: 2 } },
      ],
    });
    expect(bulkEdit(links, { lanes: 1, modes: ['car'] })).toBeUndefined();
  });

  it('delete and reverse make one leaf per link', () => {
    expect(bulkDelete(links.slice(0, 2))).toEqual({
      type: 'network/group',
      modifications: [
        { type: 'network/deleteLink', id: 'ab' },
        { type: 'network/deleteLink', id: 'ba' },
      ],
    });
    expect(bulkReverse([links[2]!])?.modifications).toEqual([{ type: 'network/updateLink', id: 'ac', changes: { fromId: 'c', toId: 'a' } }]);
    expect(bulkDelete([])).toBeUndefined();
  });

  it('add opposite skips links that have one and draws unique ids', () => {
    const ids = ['ab', 'ca111111'];
    const mod = bulkAddOpposite(network, links, () => ids.shift()!);
    expect(mod?.modifications).toEqual([{ type: 'network/addLink', link: { ...link('ca111111', 'c', 'a', 600) } }]);
    // Two links between the same nodes the same way get one opposite, not two.
    const twice = bulkAddOpposite(network, [links[2]!, { ...links[2]!, id: 'ac2' }]);
    expect(twice?.modifications).toHaveLength(1);
  });

  it('applies as one modification that one undo removes', () => {
    const mod = bulkDelete(links)!;
    const after = EDIT_KINDS.apply(network, mod);
    expect([...after.entities(LINK)]).toHaveLength(0);
    const history = push(newHistory(network), mod);
    expect(lists(history).unsaved).toEqual([mod]);
    expect(lists(undo(history)).unsaved).toHaveLength(0);
  });
});
