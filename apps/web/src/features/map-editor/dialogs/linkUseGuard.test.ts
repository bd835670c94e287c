import { LINK } from '@corridor/changesets';
import type { LinkUse, LinkUseLink, NetworkQueryAnswer } from '@corridor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorStore } from '../state/store.ts';
import { deleteChecked, deletedLinkIds, LinkUseGuard, setLinkUseGuard, SHOW_AFTER_MS } from './linkUseGuard.ts';

const nodes = new Map<string, [number, number]>([
  ['a', [13.4, 52.5]],
  ['b', [13.41, 52.5]],
]);
const answer: NetworkQueryAnswer = {
  features: [
    ...[...nodes].map(([id, coordinates]) => ({ type: 'Feature' as const, id: `node:${id}`, geometry: { type: 'Point' as const, coordinates }, properties: { kind: 'node' as const, id } })),
    {
      type: 'Feature' as const,
      id: 'link:a:b',
      geometry: { type: 'LineString' as const, coordinates: [nodes.get('a')!, nodes.get('b')!] },
      properties: {
        kind: 'link' as const,
        links: [
          { id: 'ab', fromId: 'a', toId: 'b', length: 700, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] },
          { id: 'ba', fromId: 'b', toId: 'a', length: 700, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] },
        ],
      },
    },
  ],
  link_attributes: [],
  query_exceeds_limit: false,
};

const used: LinkUse = { id: 'ab', activities: 4, activitiesWithoutCoordinates: 1, routes: 7, activityPersons: ['1', '2'], routePersons: ['3'] };
const files = [{ id: 5, name: 'plans.xml' }];

/** A server call answered when the test says so. */
function deferredAsk() {
  const calls: { fileId: number; links: readonly LinkUseLink[]; resolve: (uses: LinkUse[]) => void; reject: (err: Error) => void }[] = [];
  const ask = (fileId: number, links: readonly LinkUseLink[]) => new Promise<readonly LinkUse[]>((resolve, reject) => calls.push({ fileId, links, resolve, reject }));
  return { ask, calls };
}

let store: EditorStore;
beforeEach(() => {
  vi.useFakeTimers();
  store = new EditorStore();
  store.load(answer, true);
});
afterEach(() => vi.useRealTimers());

const deleteAb = { type: 'network/deleteLink', id: 'ab' } as const;
const deleted = () => !store.getState().graph.has(LINK, 'ab') && store.getState().lists.unsaved.length > 0;

describe('deleting links the plans use', () => {
  it('asks with the links and their nodes; an unused link goes at once without a dialog', async () => {
    const { ask, calls } = deferredAsk();
    const guard = new LinkUseGuard(files, ask);
    setLinkUseGuard(store, guard);
    const done = vi.fn();
    deleteChecked(store, { type: 'network/group', modifications: [deleteAb, { type: 'network/deleteLink', id: 'ba' }] }, done);
    expect(calls.map((call) => [call.fileId, call.links])).toEqual([[5, [{ id: 'ab', from: 'a', to: 'b' }, { id: 'ba', from: 'b', to: 'a' }]]]);
    expect(deleted()).toBe(false);
    calls[0]!.resolve([]);
    await vi.runAllTimersAsync();
    expect(deleted()).toBe(true);
    expect(done).toHaveBeenCalledOnce();
    expect(guard.getPending()).toBeNull();
  });

  it('a used link waits for the user: Cancel keeps it, Delete anyway deletes it', async () => {
    const { ask, calls } = deferredAsk();
    const guard = new LinkUseGuard(files, ask);
    setLinkUseGuard(store, guard);
    const done = vi.fn();
    deleteChecked(store, deleteAb, done);
    calls[0]!.resolve([used]);
    await vi.advanceTimersByTimeAsync(0);
    expect(guard.getPending()).toMatchObject({ shown: true, checks: [{ file: files[0], state: 'done', links: [used] }] });
    guard.cancel();
    expect(deleted()).toBe(false);
    expect(done).not.toHaveBeenCalled();

    deleteChecked(store, deleteAb, done);
    calls[1]!.resolve([used]);
    await vi.advanceTimersByTimeAsync(0);
    guard.confirm();
    expect(deleted()).toBe(true);
    expect(done).toHaveBeenCalledOnce();
  });

  it('a slow check (the index being built) shows the dialog after a moment; deleting without waiting works', async () => {
    const { ask, calls } = deferredAsk();
    const guard = new LinkUseGuard(files, ask);
    setLinkUseGuard(store, guard);
    deleteChecked(store, deleteAb);
    await vi.advanceTimersByTimeAsync(SHOW_AFTER_MS - 1);
    expect(guard.getPending()?.shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(guard.getPending()).toMatchObject({ shown: true, checks: [{ state: 'checking' }] });
    guard.confirm();
    expect(deleted()).toBe(true);
    // The late answer changes nothing.
    calls[0]!.resolve([used]);
    await vi.runAllTimersAsync();
    expect(guard.getPending()).toBeNull();
  });

  it('a failed check is shown with its reason; no plans, or no guard, deletes at once', async () => {
    const { ask, calls } = deferredAsk();
    const guard = new LinkUseGuard(files, ask);
    setLinkUseGuard(store, guard);
    deleteChecked(store, deleteAb);
    calls[0]!.reject(new Error('The file is too large to process.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(guard.getPending()).toMatchObject({ shown: true, checks: [{ state: 'failed', message: 'The file is too large to process.' }] });
    guard.cancel();

    setLinkUseGuard(store, new LinkUseGuard([], ask));
    deleteChecked(store, deleteAb);
    expect(deleted()).toBe(true);
    store.undo();
    setLinkUseGuard(store, null);
    deleteChecked(store, deleteAb);
    expect(deleted()).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('collects the deleted links of groups, each once', () => {
    expect(deletedLinkIds({ type: 'network/group', modifications: [deleteAb, deleteAb, { type: 'network/deleteNode', id: 'a' }] })).toEqual(['ab']);
  });
});
