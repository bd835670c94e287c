import { describe, expect, it } from 'vitest';
import type { NetworkQueryAnswer } from '@corridor/contract';
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
    expect(store.getState().network.links.get('l1')).toMatchObject({ capacity: 600, attributes: { type: { type: 'string', value: 'primary' } } });
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 999 }, { id: 'l2', from: 'b', to: 'c', capacity: 300 }]), false);
    expect(store.getState().exceedsLimit).toBe(true);
    expect(store.getState().network.links.get('l1')?.capacity).toBe(600);
    expect(store.getState().network.links.size).toBe(2);
  });

  it('performs, undoes and redoes; edits stay applied when more of the network loads', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    expect(store.perform({ type: 'network/updateLink', id: 'l1', changes: { capacity: 900 } })).toBeUndefined();
    expect(store.getState().network.links.get('l1')).toMatchObject({ capacity: 900, flags: { modified: true } });
    store.load(answer([{ id: 'l2', from: 'b', to: 'c', capacity: 300 }]), true);
    expect(store.getState().network.links.get('l1')?.capacity).toBe(900);
    store.undo();
    expect(store.getState().network.links.get('l1')?.capacity).toBe(600);
    store.redo();
    expect(store.getState().network.links.get('l1')?.capacity).toBe(900);
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
    expect(store.getState().history.unsaved).toHaveLength(0);
  });

  it('opens a changeset as saved and reports modifications that cannot apply to what is loaded', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    store.open({ id: 7, name: 'Closures', modifications: [{ type: 'network/deleteLink', id: 'l1' }, { type: 'network/deleteLink', id: 'missing' }] });
    const state = store.getState();
    expect(state.history).toMatchObject({ id: 7, name: 'Closures', unsaved: [] });
    expect(state.network.links.has('l1')).toBe(false);
    expect(state.network.deletedLinks.get('l1')?.flags).toMatchObject({ savedDeleted: true });
    expect(state.applyErrors).toEqual([{ code: 'linkNotFound', params: { id: 'missing' } }]);
  });

  it('keeps selection, hover and tool out of the history', () => {
    const store = new EditorStore();
    store.load(answer([{ id: 'l1', from: 'a', to: 'b', capacity: 600 }]), true);
    store.perform({ type: 'network/deleteLink', id: 'l1' });
    store.undo();
    store.select({ type: 'network-links-and-nodes', links: ['l1'], nodes: [] }, { fly: true });
    store.hover({ linkId: 'l1' });
    store.setTool('lasso');
    expect(store.getState().history.redo).toHaveLength(1);
    expect(store.getState().flyTo).toMatchObject({ linkId: 'l1' });
  });
});
