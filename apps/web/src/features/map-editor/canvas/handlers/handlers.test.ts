import { changeFlags, LINK, NODE, nodeOf, networkGraph, type ScenarioGraph } from '@corridor/changesets';
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MapPointerEvent } from '../../state/handler.ts';
import { EditorStore } from '../../state/store.ts';
import type { LngLat } from '../../state/types.ts';
import { chainStep } from './addLink.ts';
import { addNodeAt } from './addNode.ts';
import { handlerFor } from './index.ts';
import { deleteSelection, toggledSelection } from './select.ts';

const link = (id: string, fromId: string, toId: string, extra: Partial<NetworkLink> = {}): NetworkLink => ({
  id,
  fromId,
  toId,
  length: 100,
  capacity: 1000,
  lanes: 2,
  freespeed: 20,
  modes: ['car', 'bus'],
  ...extra,
});

/** a — b — c along the equator, a two-way pair a–b and one way b→c. */
const NODES: NetworkNode[] = [
  { id: 'a', lng: 0, lat: 0 },
  { id: 'b', lng: 0.01, lat: 0 },
  { id: 'c', lng: 0.02, lat: 0 },
];
const LINKS = [link('ab', 'a', 'b'), link('ba', 'b', 'a'), link('bc', 'b', 'c')];
const sample = (): ScenarioGraph => networkGraph(NODES, LINKS);

/** The links the unsaved edits added, as the map colours them. */
function addedLinks(store: EditorStore): NetworkLink[] {
  const { graph, saved } = store.getState();
  return [...graph.entities<NetworkLink>(LINK)].filter((entry) => changeFlags(LINK, entry.id, saved, graph).added);
}

const at = (lngLat: LngLat, picked: Partial<MapPointerEvent> = {}): MapPointerEvent => ({ lngLat, shiftKey: false, degreesPerPixel: 1e-5, ...picked });

let store: EditorStore;
beforeEach(() => {
  store = new EditorStore();
  store.addEntities(NODES, LINKS, 'sample');
});

describe('select', () => {
  it('a click on a link selects both directions of its node pair, a node click the node, an empty click nothing', () => {
    const select = handlerFor('select');
    select.click!(store, at([0.005, 0], { linkId: 'ba' }));
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: ['ab', 'ba'], nodes: [] });
    select.click!(store, at([0.02, 0], { nodeId: 'c', linkId: 'bc' }));
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: [], nodes: ['c'] });
    select.click!(store, at([1, 1]));
    expect(store.getState().selection).toEqual({ type: 'none' });
  });

  it('shift-click adds to the selection and removes what is in it', () => {
    const first = toggledSelection({ type: 'none' }, { type: 'network-links-and-nodes', links: ['bc'], nodes: [] });
    const both = toggledSelection(first, { type: 'network-links-and-nodes', links: ['ab', 'ba'], nodes: [] });
    expect(both).toEqual({ type: 'network-links-and-nodes', links: ['bc', 'ab', 'ba'], nodes: [] });
    expect(toggledSelection(both, { type: 'network-links-and-nodes', links: ['bc'], nodes: [] })).toEqual({
      type: 'network-links-and-nodes',
      links: ['ab', 'ba'],
      nodes: [],
    });
  });

  it('delete removes the selected links and the selected nodes left without links, as one modification', () => {
    const network = sample();
    expect(deleteSelection(network, { type: 'network-links-and-nodes', links: ['bc'], nodes: ['b', 'c'] })).toEqual({
      type: 'network/group',
      modifications: [
        { type: 'network/deleteLink', id: 'bc' },
        { type: 'network/deleteNode', id: 'c' },
      ],
    });
    store.select({ type: 'network-links-and-nodes', links: ['bc'], nodes: ['b', 'c'] });
    handlerFor('select').delete!(store);
    const state = store.getState();
    expect(state.lists.unsaved).toHaveLength(1);
    expect(state.graph.has(LINK, 'bc')).toBe(false);
    expect(state.graph.has(NODE, 'c')).toBe(false);
    expect(state.graph.has(NODE, 'b')).toBe(true);
    expect(state.selection).toEqual({ type: 'none' });
    // One undo takes the whole delete back.
    store.undo();
    expect(store.getState().graph.has(LINK, 'bc')).toBe(true);
    expect(store.getState().graph.has(NODE, 'c')).toBe(true);
    expect(store.getState().lists.unsaved).toHaveLength(0);
  });

  it('delete keeps a selected node that still has links, and a lone leaf is not wrapped in a group', () => {
    expect(deleteSelection(sample(), { type: 'network-links-and-nodes', links: [], nodes: ['b'] })).toBeUndefined();
    expect(deleteSelection(sample(), { type: 'network-links-and-nodes', links: ['bc'], nodes: [] })).toEqual({ type: 'network/deleteLink', id: 'bc' });
    store.select({ type: 'network-links-and-nodes', links: [], nodes: ['b'] });
    handlerFor('select').delete!(store);
    expect(store.getState().lists.unsaved).toHaveLength(0);
  });

  it('shift-click on the map toggles; shift-click on nothing keeps the selection; move hovers', () => {
    const select = handlerFor('select');
    select.click!(store, at([0.015, 0], { linkId: 'bc' }));
    select.click!(store, at([0, 0], { nodeId: 'a', shiftKey: true }));
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: ['bc'], nodes: ['a'] });
    select.click!(store, at([1, 1], { shiftKey: true }));
    select.click!(store, at([0.015, 0], { linkId: 'bc', shiftKey: true }));
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: [], nodes: ['a'] });
    select.move!(store, at([0.015, 0], { linkId: 'bc' }));
    expect(store.getState().hover).toEqual({ linkId: 'bc' });
  });
});

describe('add node', () => {
  it('on the empty map adds a node there and selects it', () => {
    handlerFor('addNode').click!(store, at([0.5, 0.5]));
    const state = store.getState();
    expect(state.lists.unsaved).toHaveLength(1);
    expect(state.lists.unsaved[0]!.type).toBe('network/addNode');
    expect(state.selection.type === 'network-links-and-nodes' && state.selection.nodes).toHaveLength(1);
  });

  it('on a link splits both directions at the nearest point into halves of length 0 that copy the properties', () => {
    const { mod, nodeId } = addNodeAt(sample(), { lngLat: [0.004, 0.0001], linkId: 'ab' });
    expect(mod.type).toBe('network/group');
    store.perform(mod);
    const { graph } = store.getState();
    expect(nodeOf(graph, nodeId)).toMatchObject({ lng: 0.004, lat: 0 });
    expect(graph.has(LINK, 'ab') || graph.has(LINK, 'ba')).toBe(false);
    const halves = [...graph.entities<NetworkLink>(LINK)].filter((entry) => entry.fromId === nodeId || entry.toId === nodeId);
    expect(halves).toHaveLength(4);
    for (const half of halves) expect(half).toMatchObject({ length: 0, capacity: 1000, lanes: 2, freespeed: 20, modes: ['car', 'bus'] });
    expect(new Set(halves.map((half) => half.id)).size).toBe(4);
  });
});

describe('add link', () => {
  it('builds a chain: each click after the first adds one link with the defaults, new nodes in the same group', () => {
    const addLink = handlerFor('addLink');
    addLink.click!(store, at([0, 0], { nodeId: 'a' }));
    expect(store.getState().lists.unsaved).toHaveLength(0);
    expect(store.getState().draft?.points).toEqual([[0, 0]]);
    addLink.move!(store, at([0.005, 0.005]));
    expect(store.getState().draft?.points).toEqual([
      [0, 0],
      [0.005, 0.005],
    ]);
    addLink.click!(store, at([0, 0.01]));
    addLink.click!(store, at([0.02, 0], { nodeId: 'c' }));
    const { lists, draft } = store.getState();
    expect(lists.unsaved.map((mod) => mod.type)).toEqual(['network/group', 'network/addLink']);
    const added = addedLinks(store);
    expect(added).toHaveLength(2);
    expect(added[0]).toMatchObject({ fromId: 'a', capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
    expect(added[0]!.length).toBeCloseTo(1111.95, 0);
    expect(added[1]).toMatchObject({ fromId: added[0]!.toId, toId: 'c' });
    expect(draft?.points).toHaveLength(3);
    addLink.done!(store);
    expect(store.getState().draft).toBeNull();
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: [added[1]!.id], nodes: [] });
    // One undo takes back one click: the second link, then the first with its new node.
    store.undo();
    expect(store.getState().graph.has(LINK, added[1]!.id)).toBe(false);
    expect(store.getState().graph.has(LINK, added[0]!.id)).toBe(true);
    store.undo();
    expect(store.getState().graph.has(NODE, added[0]!.toId)).toBe(false);
  });

  it('a second click on the last node ends the chain and selects its last link', () => {
    const addLink = handlerFor('addLink');
    addLink.click!(store, at([0, 0], { nodeId: 'a' }));
    addLink.click!(store, at([0.02, 0], { nodeId: 'c' }));
    const [added] = addedLinks(store);
    expect(added).toMatchObject({ fromId: 'a', toId: 'c', capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
    expect(added!.length).toBeCloseTo(2223.9, 0);
    addLink.click!(store, at([0.02, 0], { nodeId: 'c' }));
    expect(store.getState().draft).toBeNull();
    expect(store.getState().lists.unsaved).toHaveLength(1);
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: [added!.id], nodes: [] });
    // The next click starts a new chain.
    addLink.click!(store, at([0.01, 0], { nodeId: 'b' }));
    expect(store.getState().draft?.points).toEqual([[0.01, 0]]);
    expect(store.getState().lists.unsaved).toHaveLength(1);
  });

  it('from the empty map to the empty map adds both nodes and the link in one group; the same node twice adds nothing', () => {
    const step = chainStep(sample(), { at: [1, 1] }, { at: [1, 1.001] });
    expect(step?.mod.type === 'network/group' && step.mod.modifications.map((mod) => mod.type)).toEqual([
      'network/addNode',
      'network/addNode',
      'network/addLink',
    ]);
    expect(chainStep(sample(), { nodeId: 'a', at: [0, 0] }, { nodeId: 'a', at: [0, 0] })).toBeUndefined();
  });

  it('Escape after the first point leaves nothing behind', () => {
    const addLink = handlerFor('addLink');
    addLink.click!(store, at([1, 1]));
    addLink.cancel!(store);
    expect(store.getState().draft).toBeNull();
    expect(store.getState().lists.unsaved).toHaveLength(0);
    // A later click starts a new chain instead of continuing the dropped one.
    addLink.click!(store, at([2, 2]));
    expect(store.getState().lists.unsaved).toHaveLength(0);
  });
});

describe('move node', () => {
  it('previews while dragging and commits one updateNode on release', () => {
    const move = handlerFor('moveNode');
    expect(move.dragStart!(store, at([0.03, 0]))).toBe(false);
    expect(move.dragStart!(store, at([0.01, 0], { nodeId: 'b' }))).toBe(true);
    move.drag!(store, at([0.011, 0.001]));
    move.drag!(store, at([0.012, 0.002]));
    const previewed = store.getState().draft?.points.find(([lng]) => lng > 0.011);
    expect(previewed?.[0]).toBeCloseTo(0.012, 12);
    expect(previewed?.[1]).toBeCloseTo(0.002, 12);
    expect(store.getState().lists.unsaved).toHaveLength(0);
    move.dragEnd!(store, at([0.013, 0.003]));
    const { lists, graph, draft } = store.getState();
    expect(lists.unsaved).toHaveLength(1);
    const [mod] = lists.unsaved;
    expect(mod).toMatchObject({ type: 'network/updateNode', id: 'b' });
    const moved = nodeOf(graph, 'b')!;
    expect(moved.lng).toBeCloseTo(0.013, 12);
    expect(moved.lat).toBeCloseTo(0.003, 12);
    expect(draft).toBeNull();
    store.undo();
    expect(nodeOf(store.getState().graph, 'b')).toMatchObject({ lng: 0.01, lat: 0 });
  });

  it('moves the node by the pointer way, so grabbing it off its centre makes no jump; a click alone changes nothing', () => {
    const move = handlerFor('moveNode');
    expect(move.dragStart!(store, at([0.01002, 0.00001], { nodeId: 'b' }))).toBe(true);
    move.dragEnd!(store, at([0.01002, 0.00001]));
    expect(store.getState().lists.unsaved).toHaveLength(0);
    expect(store.getState().draft).toBeNull();
    move.dragStart!(store, at([0.01002, 0.00001], { nodeId: 'b' }));
    move.dragEnd!(store, at([0.01102, 0.00101]));
    const moved = nodeOf(store.getState().graph, 'b')!;
    expect(moved.lng).toBeCloseTo(0.011, 12);
    expect(moved.lat).toBeCloseTo(0.001, 12);
  });

  it('Escape during the drag cancels: the release changes nothing', () => {
    const move = handlerFor('moveNode');
    move.dragStart!(store, at([0.01, 0], { nodeId: 'b' }));
    move.drag!(store, at([0.011, 0.001]));
    move.cancel!(store);
    store.setTool('select');
    move.dragEnd!(store, at([0.013, 0.003]));
    expect(store.getState().lists.unsaved).toHaveLength(0);
  });
});

describe('lasso', () => {
  it('closes near the first corner and selects what lies inside', () => {
    const lasso = handlerFor('lasso');
    lasso.click!(store, at([-0.001, -0.001]));
    lasso.click!(store, at([0.015, -0.001]));
    lasso.click!(store, at([0.015, 0.001]));
    lasso.move!(store, at([-0.001, 0.001]));
    expect(store.getState().draft?.points).toHaveLength(4);
    lasso.click!(store, at([-0.001, 0.001]));
    lasso.move!(store, at([-0.00101, -0.00099]));
    expect(store.getState().draft?.closed).toBe(true);
    lasso.click!(store, at([-0.00101, -0.00099]));
    expect(store.getState().draft).toBeNull();
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: ['ab', 'ba'], nodes: ['a', 'b'] });
  });

  it('closes only within 20 pixels of the first corner (zoom-scaled) and with at least three corners', () => {
    const lasso = handlerFor('lasso');
    const px = 1e-5;
    lasso.click!(store, at([0.015, -0.001]));
    // Near the first corner, but fewer than three corners: one more corner.
    lasso.click!(store, at([0.025, -0.001]));
    lasso.click!(store, at([0.025, -0.001 + 10 * px]));
    expect(store.getState().draft?.points).toHaveLength(3);
    lasso.click!(store, at([0.025, 0.001]));
    lasso.click!(store, at([0.015, 0.001]));
    // 21 px from the first corner: one more corner.
    lasso.click!(store, at([0.015 - 21 * px, -0.001]));
    expect(store.getState().draft?.points).toHaveLength(6);
    // Zoomed out to twice the units per pixel, the same place is 10.5 px away: it closes.
    lasso.click!(store, at([0.015 - 21 * px, -0.001], { degreesPerPixel: 2 * px }));
    expect(store.getState().draft).toBeNull();
    expect(store.getState().selection).toEqual({ type: 'network-links-and-nodes', links: [], nodes: ['c'] });
  });

  it('reset drops the drawing', () => {
    const lasso = handlerFor('lasso');
    lasso.click!(store, at([0, 0]));
    lasso.click!(store, at([0.01, 0.01]));
    lasso.reset!(store);
    expect(store.getState().draft).toBeNull();
    // The next click starts a new ring.
    lasso.click!(store, at([1, 1]));
    expect(store.getState().draft?.points).toEqual([[1, 1]]);
  });
});
