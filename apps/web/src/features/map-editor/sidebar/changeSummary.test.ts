import { graphOf, networkGraph, newHistory, openChangeset, push, savedGraphOf, type ChangesetHistory } from '@corridor/changesets';
import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { changeSummary, countNetwork } from './changeSummary.ts';

const base = () =>
  networkGraph(
    [{ id: 'a', lng: 13.4, lat: 52.5 }, { id: 'b', lng: 13.41, lat: 52.5 }, { id: 'c', lng: 13.42, lat: 52.5 }],
    [
      { id: 'ab', fromId: 'a', toId: 'b', length: 100, capacity: 1000, lanes: 2, freespeed: 10, modes: ['car'] },
      { id: 'ba', fromId: 'b', toId: 'a', length: 100, capacity: 900, lanes: 1, freespeed: 10, modes: ['car'] },
    ],
  );

const link = (id: string, fromId: string, toId: string) => ({ id, fromId, toId, length: 5, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });

/** What the map shows for a history: the current graph, compared with the saved one. */
function shown(history: ChangesetHistory) {
  return { graph: graphOf(history), saved: savedGraphOf(history) };
}

const pushAll = (mods: readonly Modification[], history = newHistory(base())) => mods.reduce((before, mod) => push(before, mod), history);

describe('change summary (spec 2 §3)', () => {
  it('counts nothing on an untouched network, and lists the network row only', () => {
    const rows = changeSummary({ graph: base(), saved: base() });
    expect(rows).toEqual([{ group: 'network', unsaved: { added: 0, modified: 0, deleted: 0 }, saved: { added: 0, modified: 0, deleted: 0 } }]);
  });

  it('counts unsaved added, modified and deleted nodes and links, deleted ones included', () => {
    const mods: Modification[] = [
      { type: 'network/addNode', node: { id: 'n', lng: 13.43, lat: 52.5 } },
      { type: 'network/addLink', link: link('cn', 'c', 'n') },
      { type: 'network/updateLink', id: 'ab', changes: { capacity: 1200 } },
      { type: 'network/deleteLink', id: 'ba' },
    ];
    const counts = countNetwork(shown(pushAll(mods)));
    expect(counts.unsaved).toEqual({ added: 2, modified: 1, deleted: 1 });
    expect(counts.saved).toEqual({ added: 0, modified: 0, deleted: 0 });
  });

  it('keeps saved and unsaved apart: the saved changeset sets the saved counts, edits on top the unsaved ones', () => {
    const saved = openChangeset(base(), {
      id: 4,
      name: 'Bridge',
      modifications: [
        { type: 'network/addNode', node: { id: 'n', lng: 13.43, lat: 52.5 } },
        { type: 'network/updateNode', id: 'c', lng: 13.421, lat: 52.501 },
      ],
    });
    const history = push(saved, { type: 'network/deleteLink', id: 'ab' });
    const [row] = changeSummary(shown(history));
    expect(row!.saved).toEqual({ added: 1, modified: 1, deleted: 0 });
    expect(row!.unsaved).toEqual({ added: 0, modified: 0, deleted: 1 });
  });

  it('a feature modified and then deleted counts as deleted only; a saved modification stays in the saved row', () => {
    const update: Modification = { type: 'network/updateLink', id: 'ab', changes: { lanes: 3 } };
    const remove: Modification = { type: 'network/deleteLink', id: 'ab' };
    expect(countNetwork(shown(pushAll([update, remove]))).unsaved).toEqual({ added: 0, modified: 0, deleted: 1 });
    const history = push(openChangeset(base(), { id: 1, name: 'x', modifications: [update] }), remove);
    expect(countNetwork(shown(history))).toEqual({ unsaved: { added: 0, modified: 0, deleted: 1 }, saved: { added: 0, modified: 1, deleted: 0 } });
  });

  it('a feature added and then deleted before saving is not counted at all', () => {
    const mods: Modification[] = [
      { type: 'network/addLink', link: link('ac', 'a', 'c') },
      { type: 'network/deleteLink', id: 'ac' },
    ];
    expect(countNetwork(shown(pushAll(mods))).unsaved).toEqual({ added: 0, modified: 0, deleted: 0 });
  });
});
