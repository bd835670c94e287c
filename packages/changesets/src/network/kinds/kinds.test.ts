/** The network kinds on the graph core: spec 2 §4 network rules and §9 defaults. */
import type { NetworkLink, NetworkModification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import {
  distanceMetres, EDIT_KINDS, LINK, linkCoordinates, linkOf, linksOfNode, ModificationError, networkGraph, newLink, nodeOf, oppositeLink, reverseLink, splitLink,
  type ScenarioGraph,
} from '../../index.ts';

const base = () =>
  networkGraph(
    [{ id: 'a', lng: 13.4, lat: 52.5 }, { id: 'b', lng: 13.41, lat: 52.5 }, { id: 'c', lng: 13.42, lat: 52.5 }],
    [
      { id: 'ab', fromId: 'a', toId: 'b', length: 100, capacity: 1000, lanes: 2, freespeed: 10, modes: ['car', 'bus'], attributes: { type: { type: 'string', value: 'primary' } } },
      { id: 'ba', fromId: 'b', toId: 'a', length: 100, capacity: 900, lanes: 1, freespeed: 10, modes: ['car'] },
    ],
  );
const apply = (graph: ScenarioGraph, mod: NetworkModification) => EDIT_KINDS.apply(graph, mod);
const linkIds = (graph: ScenarioGraph) => [...graph.entities<NetworkLink>(LINK)].map((link) => link.id).sort();

describe('network rules (spec 2 §4)', () => {
  it('a node is deleted only when it is left with no links', () => {
    expect(EDIT_KINDS.disabled(base(), { type: 'network/deleteNode', id: 'a' })).toEqual({ code: 'nodeHasLinks', params: { id: 'a', count: 2 } });
    expect(EDIT_KINDS.disabled(base(), { type: 'network/deleteNode', id: 'c' })).toBeUndefined();
    expect(() => apply(base(), { type: 'network/deleteNode', id: 'a' })).toThrow(new ModificationError({ code: 'nodeHasLinks', params: { id: 'a', count: 2 } }));
    expect(() => apply(base(), { type: 'network/deleteNode', id: 'a' })).toThrow('Node a still has 2 link(s)');
    const freed = apply(apply(base(), { type: 'network/deleteLink', id: 'ab' }), { type: 'network/deleteLink', id: 'ba' });
    expect(EDIT_KINDS.disabled(freed, { type: 'network/deleteNode', id: 'a' })).toBeUndefined();
  });

  it('updating a node moves the ends of attached links', () => {
    const moved = apply(base(), { type: 'network/updateNode', id: 'a', lng: 13.39, lat: 52.49 });
    expect(linkCoordinates(moved, linkOf(moved, 'ab')!)?.[0]).toEqual([13.39, 52.49]);
    expect(linkCoordinates(moved, linkOf(moved, 'ba')!)?.[1]).toEqual([13.39, 52.49]);
    expect(moved.changed(LINK, 'ab')).toBe(false); // the links refer to the node: they are not changed
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
    const split = apply(base(), splitLink(base(), { linkId: 'ab', node, newLinkIds: (id) => [`${id}-1`, `${id}-2`] }));
    expect(linkIds(split)).toEqual(['ab-1', 'ab-2', 'ba-1', 'ba-2']);
    expect(linkOf(split, 'ab-1')).toMatchObject({ fromId: 'a', toId: 'm', capacity: 1000, lanes: 2, modes: ['car', 'bus'] });
    expect(linkOf(split, 'ab-1')!.length).toBeCloseTo(25);
    expect(linkOf(split, 'ab-2')!.length).toBeCloseTo(75);
    expect(linkOf(split, 'ba-1')).toMatchObject({ fromId: 'b', toId: 'm' });
    expect(linkOf(split, 'ba-1')!.length).toBeCloseTo(75);
    expect(linkOf(split, 'ba-2')!.length).toBeCloseTo(25);
    expect(linksOfNode(split, 'm').map((link) => link.id).sort()).toEqual(['ab-1', 'ab-2', 'ba-1', 'ba-2']);
    expect(linksOfNode(split, 'a').map((link) => link.id).sort()).toEqual(['ab-1', 'ba-2']);
  });

  it('a link split by a newly added node gives two links of length 0 copying capacity, lanes, freespeed and modes', () => {
    const split = apply(base(), splitLink(base(), { linkId: 'ab', node: { id: 'm', lng: 13.405, lat: 52.5 }, newLinkIds: (id) => [`${id}-1`, `${id}-2`], zeroLengths: true }));
    expect(linkOf(split, 'ab-1')).toMatchObject({ length: 0, capacity: 1000, lanes: 2, freespeed: 10, modes: ['car', 'bus'] });
    expect(linkOf(split, 'ab-2')!.length).toBe(0);
  });

  it('reverse swaps the nodes; add opposite copies the properties the other way', () => {
    const graph = base();
    expect(linkOf(apply(graph, reverseLink(linkOf(graph, 'ab')!)), 'ab')).toMatchObject({ fromId: 'b', toId: 'a', capacity: 1000 });
    expect(linkOf(apply(graph, oppositeLink(linkOf(graph, 'ab')!, 'ab-back')), 'ab-back')).toMatchObject({ fromId: 'b', toId: 'a', capacity: 1000, lanes: 2 });
  });

  it('a link update changes only the named fields and removes attributes given as null', () => {
    const updated = apply(base(), { type: 'network/updateLink', id: 'ab', changes: { capacity: 1500, attributes: { type: null, lit: { type: 'bool', value: true } } } });
    expect(linkOf(updated, 'ab')).toMatchObject({ capacity: 1500, lanes: 2, attributes: { lit: { type: 'bool', value: true } } });
    expect(linkOf(updated, 'ab')!.attributes).not.toHaveProperty('type');
    expect(linkOf(base(), 'ab')!.capacity).toBe(1000);
  });

  it('names the missing link or node, and refuses ids that exist', () => {
    expect(EDIT_KINDS.disabled(base(), { type: 'network/updateLink', id: 'zz', changes: {} })).toEqual({ code: 'linkNotFound', params: { id: 'zz' } });
    expect(EDIT_KINDS.disabled(base(), { type: 'network/updateLink', id: 'ab', changes: { toId: 'q' } })).toEqual({ code: 'nodeNotFound', params: { id: 'q' } });
    expect(EDIT_KINDS.disabled(base(), { type: 'network/addNode', node: { id: 'a', lng: 0, lat: 0 } })).toEqual({ code: 'nodeExists', params: { id: 'a' } });
    expect(EDIT_KINDS.disabled(base(), newLink(base(), { id: 'ab', fromId: 'a', toId: 'c' }))).toEqual({ code: 'linkExists', params: { id: 'ab' } });
    expect(EDIT_KINDS.disabled(base(), { type: 'network/updateNode', id: 'q', lng: 0, lat: 0 })).toEqual({ code: 'nodeNotFound', params: { id: 'q' } });
  });

  it('a group is disabled by its first failing step and applies nothing', () => {
    const group: NetworkModification = {
      type: 'network/group',
      modifications: [{ type: 'network/deleteLink', id: 'ab' }, { type: 'network/deleteNode', id: 'a' }],
    };
    expect(EDIT_KINDS.disabled(base(), group)).toEqual({ code: 'nodeHasLinks', params: { id: 'a', count: 1 } });
    const graph = base();
    expect(() => apply(graph, group)).toThrow(ModificationError);
    expect(linkOf(graph, 'ab')).toBeDefined();
    expect(graph.changedCount).toBe(0);
    expect(nodeOf(graph, 'a')).toBeDefined();
  });
});
