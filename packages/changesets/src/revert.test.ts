/** "Revert this one" (issue 25): a new modification that restores what one modification changed. */
import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { EDIT_KINDS, graphOf, linkOf, networkGraph, newHistory as emptyHistory, openChangeset as open, push, revertEntries, type ChangesetHistory } from './index.ts';

const link = (id: string, fromId: string, toId: string, capacity = 1200) => ({
  id,
  fromId,
  toId,
  length: 100,
  capacity,
  lanes: 1,
  freespeed: 13.89,
  modes: ['car'],
  attributes: { type: { type: 'string' as const, value: 'primary' } },
});
const base = networkGraph(
  [
    { id: 'a', lng: 13.4, lat: 52.5 },
    { id: 'b', lng: 13.41, lat: 52.5 },
    { id: 'c', lng: 13.42, lat: 52.5 },
  ],
  [link('12', 'a', 'b'), link('34', 'b', 'c', 600)],
);

const newHistory = () => emptyHistory(base);
const openChangeset = (changeset: { id: number; name: string; modifications: Modification[] }) => open(base, changeset);
/** As the editor shows it: what cannot apply is left out. */
const entries = (history: ChangesetHistory) => revertEntries(history.versions, EDIT_KINDS);
const linkAfter = (history: ChangesetHistory, id: string) => linkOf(graphOf(history), id);

describe('revertEntries', () => {
  it('restores the earlier values of a saved update, as a new modification', () => {
    const history = openChangeset({ id: 7, name: 'x', modifications: [{ type: 'network/updateLink', id: '12', changes: { capacity: 900, attributes: { type: null, toll: { type: 'bool', value: true } } } }] });
    const [entry] = entries(history);
    expect(entry!.stage).toBe('saved');
    expect(entry!.revert).toEqual({ type: 'network/updateLink', id: '12', changes: { capacity: 1200, attributes: { type: { type: 'string', value: 'primary' }, toll: null } } });
    const after = push(history, entry!.revert!);
    expect(linkAfter(after, '12')).toMatchObject({ capacity: 1200, attributes: { type: { type: 'string', value: 'primary' } } });
    expect(linkAfter(after, '12')!.attributes).not.toHaveProperty('toll');
  });

  it('re-adds a deleted link with its attributes, and deletes an added one', () => {
    const added = link('new', 'a', 'c', 600);
    const history = openChangeset({ id: 7, name: 'x', modifications: [{ type: 'network/deleteLink', id: '34' }, { type: 'network/addLink', link: added }] });
    const [deleted, addedEntry] = entries(history);
    expect(deleted!.revert).toEqual({ type: 'network/addLink', link: link('34', 'b', 'c', 600) });
    expect(addedEntry!.revert).toEqual({ type: 'network/deleteLink', id: 'new' });
    expect(linkAfter(push(history, deleted!.revert!), '34')).toMatchObject({ capacity: 600, attributes: { type: { value: 'primary' } } });
  });

  it('reverts a group as one group, steps in reverse order', () => {
    const group: Modification = {
      type: 'network/group',
      modifications: [
        { type: 'network/addNode', node: { id: 'n', lng: 13.43, lat: 52.5 } },
        { type: 'network/addLink', link: link('l', 'c', 'n') },
      ],
    };
    const [entry] = entries(push(newHistory(), group));
    expect(entry!.revert).toEqual({ type: 'network/group', modifications: [{ type: 'network/deleteLink', id: 'l' }, { type: 'network/deleteNode', id: 'n' }] });
  });

  it('is blocked with a reason when a later modification changed the same link, and knows its own revert', () => {
    let history = push(newHistory(), { type: 'network/updateLink', id: '12', changes: { capacity: 900 } });
    history = push(history, { type: 'network/updateLink', id: '12', changes: { lanes: 2 } });
    const [first, second] = entries(history);
    expect(first!.blocked).toEqual({ code: 'later', feature: { kind: 'link', id: '12' }, by: 1 });
    expect(first!.revert).toBeUndefined();
    expect(second!.revert).toEqual({ type: 'network/updateLink', id: '12', changes: { lanes: 1 } });
    const reverted = entries(push(history, second!.revert!));
    expect(reverted[1]!.revertedBy).toBe(2);
  });

  it('is refused when the revert cannot apply now, and not offered for kinds or links it cannot know', () => {
    // Deleting 34, then its node c (free now): re-adding 34 needs c.
    let history = push(newHistory(), { type: 'network/deleteLink', id: '34' });
    history = push(history, { type: 'network/deleteNode', id: 'c' });
    expect(entries(history)[0]!.blocked).toEqual({ code: 'refused', reason: { code: 'nodeNotFound', params: { id: 'c' } } });
    history = push(push(newHistory(), { type: 'transitStop/delete', id: 's' }), { type: 'network/deleteLink', id: 'unknown' });
    expect(entries(history).map((entry) => entry.blocked?.code)).toEqual(['notNetwork', 'notLoaded']);
  });
});
