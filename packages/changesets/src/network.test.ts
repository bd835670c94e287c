import type { Modification, NetworkModification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import {
  applyNetwork, currentNetwork, disabledNetwork, distanceMetres, flagTuple, linkCoordinates, networkData,
  newHistory, newLink, ModificationError, openChangeset, oppositeLink, push, replayNetwork, reverseLink, splitLink, toPlain,
} from './index.ts';

const base = () =>
  networkData(
    [{ id: 'a', lng: 13.4, lat: 52.5 }, { id: 'b', lng: 13.41, lat: 52.5 }, { id: 'c', lng: 13.42, lat: 52.5 }],
    [
      { id: 'ab', fromId: 'a', toId: 'b', length: 100, capacity: 1000, lanes: 2, freespeed: 10, modes: ['car', 'bus'], attributes: { type: { type: 'string', value: 'primary' } } },
      { id: 'ba', fromId: 'b', toId: 'a', length: 100, capacity: 900, lanes: 1, freespeed: 10, modes: ['car'] },
    ],
  );

describe('network rules (spec 2 §4)', () => {
  it('a node is deleted only when it is left with no links', () => {
    expect(disabledNetwork(base(), { type: 'network/deleteNode', id: 'a' })).toEqual({ code: 'nodeHasLinks', params: { id: 'a', count: 2 } });
    expect(disabledNetwork(base(), { type: 'network/deleteNode', id: 'c' })).toBeUndefined();
    expect(() => applyNetwork(base(), { type: 'network/deleteNode', id: 'a' })).toThrow(new ModificationError({ code: 'nodeHasLinks', params: { id: 'a', count: 2 } }));
    expect(() => applyNetwork(base(), { type: 'network/deleteNode', id: 'a' })).toThrow('Node a still has 2 link(s)');
  });

  it('updating a node moves the ends of attached links', () => {
    const moved = applyNetwork(base(), { type: 'network/updateNode', id: 'a', lng: 13.39, lat: 52.49 });
    expect(linkCoordinates(moved, moved.links.get('ab')!)?.[0]).toEqual([13.39, 52.49]);
    expect(linkCoordinates(moved, moved.links.get('ba')!)?.[1]).toEqual([13.39, 52.49]);
  });

  it('a new link gets capacity 600, lanes 1, freespeed 13.89, modes car and the length from its end points (§9)', () => {
    const mod = newLink(base(), { id: 'bc', fromId: 'b', toId: 'c' });
    expect(mod.link).toMatchObject({ capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
    expect(mod.link.length).toBeCloseTo(distanceMetres([13.41, 52.5], [13.42, 52.5]), 6);
    expect(mod.link.length).toBeGreaterThan(670);
    expect(mod.link.length).toBeLessThan(690);
  });

  it('splitting a link at a point gives two links per direction with lengths scaled proportionally', () => {
    const node = { id: 'm', lng: 13.4025, lat: 52.5 };
    const group = splitLink(base(), { linkId: 'ab', node, newLinkIds: (id) => [`${id}-1`, `${id}-2`] });
    const split = applyNetwork(base(), group);
    expect([...split.links.keys()].sort()).toEqual(['ab-1', 'ab-2', 'ba-1', 'ba-2']);
    expect(split.links.get('ab-1')).toMatchObject({ fromId: 'a', toId: 'm', capacity: 1000, lanes: 2, modes: ['car', 'bus'] });
    expect(split.links.get('ab-1')!.length).toBeCloseTo(25);
    expect(split.links.get('ab-2')!.length).toBeCloseTo(75);
    expect(split.links.get('ba-1')).toMatchObject({ fromId: 'b', toId: 'm' });
    expect(split.links.get('ba-1')!.length).toBeCloseTo(75);
    expect(split.links.get('ba-2')!.length).toBeCloseTo(25);
  });

  it('a link split by a newly added node gives two links of length 0 copying capacity, lanes, freespeed and modes', () => {
    const group = splitLink(base(), { linkId: 'ab', node: { id: 'm', lng: 13.405, lat: 52.5 }, newLinkIds: (id) => [`${id}-1`, `${id}-2`], zeroLengths: true });
    const split = applyNetwork(base(), group);
    expect(split.links.get('ab-1')).toMatchObject({ length: 0, capacity: 1000, lanes: 2, freespeed: 10, modes: ['car', 'bus'] });
    expect(split.links.get('ab-2')!.length).toBe(0);
  });

  it('reverse swaps the nodes; add opposite copies the properties the other way', () => {
    const data = base();
    const reversed = applyNetwork(data, reverseLink(data.links.get('ab')!));
    expect(reversed.links.get('ab')).toMatchObject({ fromId: 'b', toId: 'a', capacity: 1000 });
    const opposite = applyNetwork(data, oppositeLink(data.links.get('ab')!, 'ab-back'));
    expect(opposite.links.get('ab-back')).toMatchObject({ fromId: 'b', toId: 'a', capacity: 1000, lanes: 2 });
  });

  it('a link update changes only the named fields and removes attributes given as null', () => {
    const updated = applyNetwork(base(), { type: 'network/updateLink', id: 'ab', changes: { capacity: 1500, attributes: { type: null, lit: { type: 'bool', value: true } } } });
    expect(updated.links.get('ab')).toMatchObject({ capacity: 1500, lanes: 2, attributes: { lit: { type: 'bool', value: true } } });
    expect(updated.links.get('ab')!.attributes).not.toHaveProperty('type');
    expect(base().links.get('ab')!.capacity).toBe(1000);
  });

  it('a group is disabled by its first failing step and applies nothing', () => {
    const group: NetworkModification = {
      type: 'network/group',
      modifications: [{ type: 'network/deleteLink', id: 'ab' }, { type: 'network/deleteNode', id: 'a' }],
    };
    expect(disabledNetwork(base(), group)).toEqual({ code: 'nodeHasLinks', params: { id: 'a', count: 1 } });
  });
});

describe('diff marking (spec 2 §4)', () => {
  it('deleting something that was just added removes it', () => {
    const added = applyNetwork(base(), { type: 'network/addNode', node: { id: 'n', lng: 1, lat: 2 } });
    const removed = applyNetwork(added, { type: 'network/deleteNode', id: 'n' });
    expect(removed.nodes.has('n')).toBe(false);
    expect(removed.deletedNodes.has('n')).toBe(false);
  });

  it('deleting otherwise marks it deleted', () => {
    const deleted = applyNetwork(base(), { type: 'network/deleteLink', id: 'ab' });
    expect(deleted.links.has('ab')).toBe(false);
    expect(flagTuple(deleted.deletedLinks.get('ab')!.flags)).toEqual([false, false, true, false, false, false]);
  });

  it('modifying something added keeps its flag; otherwise it is marked modified', () => {
    const added = applyNetwork(base(), newLink(base(), { id: 'bc', fromId: 'b', toId: 'c' }));
    const edited = applyNetwork(added, { type: 'network/updateLink', id: 'bc', changes: { lanes: 3 } });
    expect(flagTuple(edited.links.get('bc')!.flags)).toEqual([true, false, false, false, false, false]);
    const modified = applyNetwork(base(), { type: 'network/updateLink', id: 'ab', changes: { lanes: 3 } });
    expect(flagTuple(modified.links.get('ab')!.flags)).toEqual([false, true, false, false, false, false]);
  });

  it('saved edits set the saved flags and unsaved edits on top set the unsaved ones (six flags in order)', () => {
    const saved: Modification[] = [{ type: 'network/updateLink', id: 'ab', changes: { capacity: 1 } }, { type: 'network/deleteLink', id: 'ba' }];
    let history = openChangeset({ id: 7, name: 'x', modifications: saved });
    history = push(history, { type: 'network/updateLink', id: 'ab', changes: { lanes: 5 } });
    history = push(history, { type: 'network/addNode', node: { id: 'n', lng: 0, lat: 0 } });
    const shown = currentNetwork(base(), history);
    expect(flagTuple(shown.links.get('ab')!.flags)).toEqual([false, true, false, false, true, false]);
    expect(flagTuple(shown.deletedLinks.get('ba')!.flags)).toEqual([false, false, false, false, false, true]);
    expect(flagTuple(shown.nodes.get('n')!.flags)).toEqual([true, false, false, false, false, false]);
  });
});

describe('replay', () => {
  it('replaying a saved changeset on the original network gives the network the editor showed step by step', () => {
    const data = base();
    let history = newHistory();
    let shown = data;
    const steps: Modification[] = [
      { type: 'network/addNode', node: { id: 'd', lng: 13.43, lat: 52.51 } },
      newLink(data, { id: 'cd', fromId: 'c', toId: 'd' }),
      { type: 'network/updateNode', id: 'a', lng: 13.399, lat: 52.501 },
      { type: 'network/updateLink', id: 'ab', changes: { capacity: 1200 } },
      { type: 'network/deleteLink', id: 'ba' },
      { type: 'transitStop/delete', id: 'stop1' },
    ];
    for (const step of steps) {
      history = push(history, step);
      shown = step.type.startsWith('network/') ? applyNetwork(shown, step as NetworkModification) : shown;
    }
    const replayed = replayNetwork(data, [...history.saved, ...history.unsaved]);
    expect(toPlain(replayed)).toEqual(toPlain(shown));
    expect(toPlain(replayed)).toEqual(toPlain(currentNetwork(data, history)));
    expect(toPlain(replayed).links.map((link) => link.id).sort()).toEqual(['ab', 'cd']);
  });
});
