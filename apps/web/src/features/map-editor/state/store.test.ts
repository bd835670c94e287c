import { describe, expect, it } from 'vitest';
import { changeFlags, LINK, linkOf, NODE } from '@corridor/changesets';
import type { NetworkLink, NetworkQueryAnswer } from '@corridor/contract';
import { EditorStore } from './store.ts';

const answer = (links: { id: string; from: string; to: string; capacity: number }[], exceeds = false): NetworkQueryAnswer => {
  const nodes = new Map<string, [number, number]>([
    ['a', [13.4, 52.5]],
    ['b', [13.41, 52.5]],
    ['c', [13.42, 52.5]],
  ]);
  return {
    features: [
      ...[...nodes].map(([id, coordinates]) => ({ type: 'Feature' as const, id: `node:${id}`, geometry: { type: 'Point' as const, coordinates }, properties: { kind: 'node' as const, id } })),
      ...links.map((link) => ({
        type: 'Feature' as const,
        id: `link:${link.from}:${link.to}`,
        geometry: { type: 'LineString' as const, coordinates: [nodes.get(link.from)!, nodes.get(link.to)!] },
        properties: {
          kind: 'link' as const,
          links: [{ id: link.id, fromId: link.from, toId: link.to, length: 700, capacity: link.capacity, lanes: 1, freespeed: 13.89, modes: ['car'], type: 'primary' }],
        },
      })),
    ],
    link_attributes: [{ name: 'type', type: 'categorical' }],
    query_exceeds_limit: exceeds,
  };
};

describe('editor store', () => {
  it('loads query answers into the base, keeping known features and typing custom attributes', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }], true), true);
    expect(store.getState().exceedsLimit).toBe(true);
    expect(linkOf(store.getState().graph, 'l1')).toMatchObject({ capacity: 600, attributes: { type: { type: 'string', value: 'primary' } } });
    const revision = store.getState().dataRevision;
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 999 }, { id: 'l2', from: 'b', to: 'c', capacity: 300 }]), false);
    expect(store.getState().exceedsLimit).toBe(true);
    expect(linkOf(store.getState().graph, 'l1')?.capacity).toBe(600);
    expect([...store.getState().graph.entities(LINK)]).toHaveLength(2);
    // The base grew under the same graph: the revision says so.
    expect(store.getState().dataRevision).toBe(revision + 1);
  });

  it('performs, undoes and redoes; edits stay applied when more of the network loads', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    expect(store.perform({ type: 'network/updateLink', id: 'l1', changes: { capacity: 900 } })).toBeUndefined();
    const { graph, saved } = store.getState();
    expect(linkOf(graph, 'l1')).toMatchObject({ capacity: 900 });
    expect(changeFlags(LINK, 'l1', saved, graph)).toEqual({ modified: true });
    store.load(answer([{ id: 'l2', from: 'b', to: 'c', capacity: 300 }]), true);
    expect(linkOf(store.getState().graph, 'l1')?.capacity).toBe(900);
    store.undo();
    expect(linkOf(store.getState().graph, 'l1')?.capacity).toBe(600);
    store.redo();
    // Redo brings back the very version the edit made (no replay).
    expect(store.getState().graph).toBe(graph);
    expect(linkOf(store.getState().graph, 'l1')?.capacity).toBe(900);
  });

  it('answers the reason and records nothing when a modification is disabled or in view mode', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    expect(store.perform({ type: 'network/deleteNode', id: 'a' })).toBe('Node a still has 1 link(s)');
    expect(store.getState().refusal?.reason).toEqual({ code: 'nodeHasLinks', params: { id: 'a', count: 1 } });
    store.dismissRefusal();
    expect(store.getState().refusal).toBeNull();
    store.setEditMode(false);
    expect(store.perform({ type: 'network/deleteLink', id: 'l1' })).toBe('view mode');
    expect(store.getState().lists.unsaved).toHaveLength(0);
  });

  it('refuses kinds this editor does not apply yet, naming the kind', () => {
    const store = new EditorStore();
    expect(store.perform({ type: 'none' })).toBe('not a network modification: none');
    expect(store.getState().refusal?.reason).toEqual({ code: 'notNetwork', params: { type: 'none' } });
    expect(store.getState().lists.unsaved).toHaveLength(0);
  });

  it('opens a changeset as saved and reports modifications that cannot apply to what is loaded', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    store.open({ id: 7, name: 'Closures', modifications: [{ type: 'network/deleteLink', id: 'l1' }, { type: 'network/deleteLink', id: 'missing' }] });
    const state = store.getState();
    expect(state.lists).toMatchObject({ id: 7, name: 'Closures', unsaved: [] });
    expect(state.graph.has(LINK, 'l1')).toBe(false);
    expect(changeFlags(LINK, 'l1', state.saved, state.graph)).toMatchObject({ savedDeleted: true });
    expect(state.applyErrors).toEqual([{ code: 'linkNotFound', params: { id: 'missing' } }]);
  });

  it('keeps the changeset base files as opened and as a save answers them (id -1 too: the DRT files it wrote); a new changeset has the loaded ones (none here)', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    store.open({ id: 7, name: 'DRT', modifications: [], baseFile: { vehicles: 3 } });
    expect(store.getState().baseFile).toEqual({ vehicles: 3 });
    store.perform({ type: 'network/deleteLink', id: 'l1' });
    store.saved({ id: 7, name: 'DRT', modifications: [{ type: 'network/deleteLink', id: 'l1' }], baseFile: { vehicles: 3, stops: 4 } });
    expect(store.getState().baseFile).toEqual({ vehicles: 3, stops: 4 });
    store.perform({ type: 'network/updateLink', id: 'l1', changes: {} });
    store.saved({ id: -1, name: 'DRT', modifications: [], baseFile: { vehicles: 3 } });
    expect(store.getState().history.id).toBe(-1);
    expect(store.getState().baseFile).toEqual({ vehicles: 3 });
    store.saved({ id: -1, name: 'DRT', modifications: [] });
    expect(store.getState().baseFile).toBeUndefined();
    store.open({ id: 8, name: 'Other', modifications: [], baseFile: { stops: 5 } });
    store.newChangeset();
    expect(store.getState().baseFile).toBeUndefined();
  });

  it('calculateDiff is view state: off by default, from the options, never in the history', () => {
    expect(new EditorStore().getState().calculateDiff).toBe(false);
    const store = new EditorStore({ calculateDiff: true });
    expect(store.getState().calculateDiff).toBe(true);
    const { history } = store.getState();
    store.setCalculateDiff(false);
    expect(store.getState().calculateDiff).toBe(false);
    expect(store.getState().history).toBe(history);
  });

  it('keeps selection, hover and tool out of the history', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    store.perform({ type: 'network/deleteLink', id: 'l1' });
    store.undo();
    store.select({ type: 'network-links-and-nodes', links: ['l1'], nodes: [] }, { fly: true });
    store.hover({ linkId: 'l1' });
    store.setTool('lasso');
    expect(store.getState().lists.redo).toHaveLength(1);
    expect(store.getState().flyTo).toMatchObject({ linkId: 'l1' });
  });

  it('imports modifications one push each, keeping the ones that cannot apply with their reason', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    store.importModifications([
      { type: 'network/updateLink', id: 'l1', changes: { lanes: 2 } },
      { type: 'network/deleteLink', id: 'gone' },
    ]);
    expect(store.getState().lists.unsaved).toHaveLength(2);
    expect(linkOf(store.getState().graph, 'l1')?.lanes).toBe(2);
    expect(store.getState().applyErrors).toEqual([{ code: 'linkNotFound', params: { id: 'gone' } }]);
    store.undo();
    expect(store.getState().applyErrors).toEqual([]);
  });

  it('a refused modification applies once the data it needs is loaded', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    store.open({ id: 2, name: 'Later', modifications: [{ type: 'network/updateLink', id: 'l2', changes: { capacity: 50 } }] });
    expect(store.getState().applyErrors).toHaveLength(1);
    store.load(answer([{ id: 'l2', from: 'b', to: 'c', capacity: 300 }]), true);
    expect(store.getState().applyErrors).toEqual([]);
    expect(linkOf(store.getState().graph, 'l2')?.capacity).toBe(50);
  });
});

/** A row of nodes and one link between each neighbour pair, ids prefixed by the area. */
function area(name: string, count: number, offset: number): { nodes: { id: string; lng: number; lat: number }[]; links: NetworkLink[] } {
  const nodes = Array.from({ length: count + 1 }, (_, i) => ({ id: `${name}n${i}`, lng: offset + i * 0.001, lat: 52.5 }));
  const links = Array.from({ length: count }, (_, i) => ({
    id: `${name}l${i}`,
    fromId: `${name}n${i}`,
    toId: `${name}n${i + 1}`,
    length: 70,
    capacity: 600,
    lanes: 1,
    freespeed: 13.89,
    modes: ['car'],
  }));
  return { nodes, links };
}

describe('loaded-area cache (issue 27)', () => {
  it('drops the least recently used area over the limits, but never an edited, selected or shared entity', () => {
    const store = new EditorStore({ areaLimits: { maxAreas: 2, maxEntities: { [LINK]: 1000 } } });
    // a: an0 — an1 — … — an6 by al0 … al5.
    const a = area('a', 6, 13.0);
    const b = area('b', 3, 13.1);
    const c = area('c', 3, 13.2);
    store.addEntities(a.nodes, a.links, 'A');
    // Edits in area A: a link changed, a node moved, a link deleted and undone (still in the redo part); a node selected.
    store.perform({ type: 'network/updateLink', id: 'al0', changes: { capacity: 1 } });
    store.perform({ type: 'network/updateNode', id: 'an3', lng: 13.01, lat: 52.51 });
    store.perform({ type: 'network/deleteLink', id: 'al1' });
    store.undo();
    store.select({ type: 'network-links-and-nodes', links: [], nodes: ['an1'] });
    // Area B also brought al4 with its nodes.
    store.addEntities([...b.nodes, a.nodes[4]!, a.nodes[5]!], [...b.links, a.links[4]!], 'B');
    const revision = store.getState().dataRevision;
    store.addEntities(c.nodes, c.links, 'C');
    const { graph, saved, dataRevision } = store.getState();
    // A was the least recently used area: what nothing keeps left the base, under the same graph.
    expect(dataRevision).toBeGreaterThan(revision);
    expect(graph.base.has(LINK, 'al5') || graph.base.has(NODE, 'an6')).toBe(false);
    // Edited: kept, with what they refer to (the changed link's nodes) and what refers to them (the moved node's links and their ends).
    expect(linkOf(graph, 'al0')?.capacity).toBe(1);
    expect(['an0', 'an1', 'an2', 'an3', 'an4'].every((id) => graph.has(NODE, id))).toBe(true);
    expect(graph.has(LINK, 'al2') && graph.has(LINK, 'al3')).toBe(true);
    expect(changeFlags(NODE, 'an3', saved, graph)).toEqual({ modified: true });
    // The undone deletion's link, and the link area B holds.
    expect(graph.has(LINK, 'al1') && graph.has(LINK, 'al4') && graph.has(NODE, 'an5')).toBe(true);
    // Redo still brings back the undone deletion.
    store.redo();
    expect(store.getState().graph.has(LINK, 'al1')).toBe(false);
    expect(changeFlags(LINK, 'al1', store.getState().saved, store.getState().graph)).toEqual({ deleted: true });
  });

  it('evicts what no edit, selection or kept area holds, and loads it again later', () => {
    const store = new EditorStore({ areaLimits: { maxAreas: 2, maxEntities: { [LINK]: 1000 } } });
    const a = area('a', 3, 13.0);
    const b = area('b', 3, 13.1);
    const c = area('c', 3, 13.2);
    store.addEntities(a.nodes, a.links, 'A');
    store.perform({ type: 'network/updateLink', id: 'al0', changes: { capacity: 1 } });
    store.addEntities(b.nodes, b.links, 'B');
    store.addEntities(c.nodes, c.links, 'C');
    const { graph } = store.getState();
    expect(graph.base.has(LINK, 'al2')).toBe(false);
    expect(graph.base.has(NODE, 'an3')).toBe(false);
    expect(graph.has(LINK, 'al0')).toBe(true);
    // Undo of the edit, then more areas: the edit's redo version still holds it.
    store.undo();
    store.addEntities(a.nodes, a.links, 'A');
    expect(linkOf(store.getState().graph, 'al2')).toBeDefined();
    store.redo();
    expect(linkOf(store.getState().graph, 'al0')?.capacity).toBe(1);
  });

  it('caps the links the kept areas hold', () => {
    const store = new EditorStore({ areaLimits: { maxAreas: 10, maxEntities: { [LINK]: 5 } } });
    const a = area('a', 3, 13.0);
    const b = area('b', 3, 13.1);
    store.addEntities(a.nodes, a.links, 'A');
    store.addEntities(b.nodes, b.links, 'B');
    expect([...store.getState().graph.entities(LINK)].map((link) => link.id)).toEqual(['bl0', 'bl1', 'bl2']);
  });
});
