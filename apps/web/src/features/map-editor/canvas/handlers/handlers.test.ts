import { networkData, type NetworkData } from '@corridor/changesets';
import type { NetworkLink } from '@corridor/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MapPointerEvent } from '../../state/handler.ts';
import { EditorStore, initialState } from '../../state/store.ts';
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
const sample = (): NetworkData =>
  networkData(
    [
      { id: 'a', lng: 0, lat: 0 },
      { id: 'b', lng: 0.01, lat: 0 },
      { id: 'c', lng: 0.02, lat: 0 },
    ],
    [link('ab', 'a', 'b'), link('ba', 'b', 'a'), link('bc', 'b', 'c')],
  );

const at = (lngLat: LngLat, picked: Partial<MapPointerEvent> = {}): MapPointerEvent => ({ lngLat, shiftKey: false, degreesPerPixel: 1e-5, ...picked });

let store: EditorStore;
beforeEach(() => {
  const state = initialState();
  const base = sample();
  store = new EditorStore({ ...state, base, network: base });
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
    expect(state.history.unsaved).toHaveLength(1);
    expect(state.network.links.has('bc')).toBe(false);
    expect(state.network.nodes.has('c')).toBe(false);
    expect(state.network.nodes.has('b')).toBe(true);
    expect(state.selection).toEqual({ type: 'none' });
  });
});

describe('add node', () => {
  it('on the empty map adds a node there and selects it', () => {
    handlerFor('addNode').click!(store, at([0.5, 0.5]));
    const state = store.getState();
    expect(state.history.unsaved).toHaveLength(1);
    expect(state.history.unsaved[0]!.type).toBe('network/addNode');
    expect(state.selection.type === 'network-links-and-nodes' && state.selection.nodes).toHaveLength(1);
  });

  it('on a link splits both directions at the nearest point into halves of length 0 that copy the properties', () => {
    const { mod, nodeId } = addNodeAt(sample(), { lngLat: [0.004, 0.0001], linkId: 'ab' });
    expect(mod.type).toBe('network/group');
    store.perform(mod);
    const network = store.getState().network;
    expect(network.nodes.get(nodeId)).toMatchObject({ lng: 0.004, lat: 0 });
    expect(network.links.has('ab') || network.links.has('ba')).toBe(false);
    const halves = [...network.links.values()].filter((entry) => entry.fromId === nodeId || entry.toId === nodeId);
    expect(halves).toHaveLength(4);
    for (const half of halves) expect(half).toMatchObject({ length: 0, capacity: 1000, lanes: 2, freespeed: 20, modes: ['car', 'bus'] });
    expect(new Set(halves.map((half) => half.id)).size).toBe(4);
  });
});

describe('add link', () => {
  it('builds a chain: each click after the first adds one link with the defaults, new nodes in the same group', () => {
    const addLink = handlerFor('addLink');
    addLink.click!(store, at([0, 0], { nodeId: 'a' }));
    expect(store.getState().history.unsaved).toHaveLength(0);
    expect(store.getState().draft?.points).toEqual([[0, 0]]);
    addLink.move!(store, at([0.005, 0.005]));
    expect(store.getState().draft?.points).toEqual([
      [0, 0],
      [0.005, 0.005],
    ]);
    addLink.click!(store, at([0, 0.01]));
    addLink.click!(store, at([0.02, 0], { nodeId: 'c' }));
    const { history, network, draft } = store.getState();
    expect(history.unsaved.map((mod) => mod.type)).toEqual(['network/group', 'network/addLink']);
    const added = [...network.links.values()].filter((entry) => entry.flags?.added);
    expect(added).toHaveLength(2);
    expect(added[0]).toMatchObject({ fromId: 'a', capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
    expect(added[0]!.length).toBeCloseTo(1111.95, 0);
    expect(added[1]).toMatchObject({ fromId: added[0]!.toId, toId: 'c' });
    expect(draft?.points).toHaveLength(3);
    addLink.done!(store);
    expect(store.getState().draft).toBeNull();
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
    expect(store.getState().history.unsaved).toHaveLength(0);
    // A later click starts a new chain instead of continuing the dropped one.
    addLink.click!(store, at([2, 2]));
    expect(store.getState().history.unsaved).toHaveLength(0);
  });
});

describe('move node', () => {
  it('previews while dragging and commits one updateNode on release', () => {
    const move = handlerFor('moveNode');
    expect(move.dragStart!(store, at([0.03, 0]))).toBe(false);
    expect(move.dragStart!(store, at([0.01, 0], { nodeId: 'b' }))).toBe(true);
    move.drag!(store, at([0.011, 0.001]));
    move.drag!(store, at([0.012, 0.002]));
    expect(store.getState().draft?.points).toContainEqual([0.012, 0.002]);
    expect(store.getState().history.unsaved).toHaveLength(0);
    move.dragEnd!(store, at([0.013, 0.003]));
    const { history, network, draft } = store.getState();
    expect(history.unsaved).toEqual([{ type: 'network/updateNode', id: 'b', lng: 0.013, lat: 0.003 }]);
    expect(network.nodes.get('b')).toMatchObject({ lng: 0.013, lat: 0.003 });
    expect(draft).toBeNull();
  });

  it('Escape during the drag cancels: the release changes nothing', () => {
    const move = handlerFor('moveNode');
    move.dragStart!(store, at([0.01, 0], { nodeId: 'b' }));
    move.drag!(store, at([0.011, 0.001]));
    move.cancel!(store);
    store.setTool('select');
    move.dragEnd!(store, at([0.013, 0.003]));
    expect(store.getState().history.unsaved).toHaveLength(0);
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

  it('reset drops the drawing', () => {
    const lasso = handlerFor('lasso');
    lasso.click!(store, at([0, 0]));
    lasso.reset!(store);
    expect(store.getState().draft).toBeNull();
  });
});
