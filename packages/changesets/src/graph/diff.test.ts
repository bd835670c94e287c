/**
 * Diff marking computed by comparing the overlay with the base (issue 27), checked against spec 2 §4's table:
 * deleting something just added removes it; deleting otherwise marks it deleted; modifying something added or
 * deleted keeps its flag, otherwise it is marked modified; saved edits set the saved flags, unsaved ones the others.
 */
import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { flagTuple } from '../flags.ts';
import { graphOf, openChangeset, push, savedGraphOf, type ChangesetHistory } from '../history.ts';
import { LINK, NODE } from '../network/entities.ts';
import { EDIT_KINDS, networkGraph } from '../scenario.ts';
import { changeFlags, deletedEntities } from './diff.ts';

const base = () =>
  networkGraph(
    [{ id: 'a', lng: 13.4, lat: 52.5 }, { id: 'b', lng: 13.41, lat: 52.5 }, { id: 'c', lng: 13.42, lat: 52.5 }],
    [
      { id: 'ab', fromId: 'a', toId: 'b', length: 100, capacity: 1000, lanes: 2, freespeed: 10, modes: ['car'] },
      { id: 'ba', fromId: 'b', toId: 'a', length: 100, capacity: 900, lanes: 1, freespeed: 10, modes: ['car'] },
    ],
  );
const addLink = (id: string): Modification => ({ type: 'network/addLink', link: { id, fromId: 'b', toId: 'c', length: 1, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] } });
const update = (id: string, lanes: number): Modification => ({ type: 'network/updateLink', id, changes: { lanes } });
const remove = (id: string): Modification => ({ type: 'network/deleteLink', id });

/** The changeset `saved` opened on the base, then the unsaved modifications pushed. */
function edited(saved: Modification[], unsaved: Modification[]): ChangesetHistory {
  return unsaved.reduce((history, mod) => push(history, mod), openChangeset(base(), { id: 1, name: 'x', modifications: saved }));
}
const tuple = (history: ChangesetHistory, kind: string, id: string) => flagTuple(changeFlags(kind, id, savedGraphOf(history), graphOf(history)));
const deleted = (history: ChangesetHistory) => [...deletedEntities(LINK, savedGraphOf(history), graphOf(history))].map(({ entity, flags }) => [entity.id, flagTuple(flags)]);
//                          added  modified deleted savedAdded savedModified savedDeleted
const NONE = [false, false, false, false, false, false];

describe('diff marking from overlay vs base (spec 2 §4)', () => {
  it('deleting something that was just added removes it (unsaved or saved), nothing is drawn', () => {
    for (const history of [edited([], [addLink('bc'), remove('bc')]), edited([addLink('bc')], [remove('bc')])]) {
      expect(tuple(history, LINK, 'bc')).toEqual(NONE);
      expect(graphOf(history).has(LINK, 'bc')).toBe(false);
      expect(deleted(history)).toEqual([]);
    }
  });

  it('deleting otherwise marks it deleted: unsaved → deleted, saved → savedDeleted', () => {
    expect(deleted(edited([], [remove('ab')]))).toEqual([['ab', [false, false, true, false, false, false]]]);
    expect(deleted(edited([remove('ab')], []))).toEqual([['ab', [false, false, false, false, false, true]]]);
  });

  it('modifying something added keeps its flag (unsaved added, or savedAdded)', () => {
    expect(tuple(edited([], [addLink('bc'), update('bc', 3)]), LINK, 'bc')).toEqual([true, false, false, false, false, false]);
    expect(tuple(edited([addLink('bc')], [update('bc', 3)]), LINK, 'bc')).toEqual([false, false, false, true, false, false]);
    expect(tuple(edited([addLink('bc'), update('bc', 3)], []), LINK, 'bc')).toEqual([false, false, false, true, false, false]);
  });

  it('something deleted cannot be modified, so it keeps its deleted flag', () => {
    const history = edited([remove('ab')], []);
    expect(EDIT_KINDS.disabled(graphOf(history), update('ab', 3))).toEqual({ code: 'linkNotFound', params: { id: 'ab' } });
    expect(deleted(push(history, update('ab', 3)))).toEqual([['ab', [false, false, false, false, false, true]]]);
  });

  it('modifying otherwise marks it modified; saved edits set the saved flags and unsaved ones on top the others', () => {
    expect(tuple(edited([], [update('ab', 3)]), LINK, 'ab')).toEqual([false, true, false, false, false, false]);
    expect(tuple(edited([update('ab', 3)], []), LINK, 'ab')).toEqual([false, false, false, false, true, false]);
    const both = edited([update('ab', 3), remove('ba')], [update('ab', 4), { type: 'network/addNode', node: { id: 'n', lng: 0, lat: 0 } }]);
    expect(tuple(both, LINK, 'ab')).toEqual([false, true, false, false, true, false]);
    expect(deleted(both)).toEqual([['ba', [false, false, false, false, false, true]]]);
    expect(tuple(both, NODE, 'n')).toEqual([true, false, false, false, false, false]);
    expect(deleted(edited([update('ab', 3)], [remove('ab')]))).toEqual([['ab', [false, false, true, false, true, false]]]);
  });

  it('moving a node marks the node modified and not its links; untouched entities have no flag', () => {
    const moved = edited([], [{ type: 'network/updateNode', id: 'a', lng: 13.39, lat: 52.5 }]);
    expect(tuple(moved, NODE, 'a')).toEqual([false, true, false, false, false, false]);
    expect(tuple(moved, LINK, 'ab')).toEqual(NONE);
    expect(tuple(moved, NODE, 'c')).toEqual(NONE);
  });
});
