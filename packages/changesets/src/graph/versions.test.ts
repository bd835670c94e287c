/** History as a stack of graph versions: undo and redo move an index and give back the very same graphs. */
import type { NetworkLink } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { LINK } from '../network/entities.ts';
import { EDIT_KINDS } from '../scenario.ts';
import { gridGraph, networkContents, randomEdits } from '../testing.ts';
import { replay } from './replay.ts';
import {
  applyOrKeep, canRedoVersion, canUndoVersion, current, markSaved, pushVersion, redoModifications, redoVersion, refusals, replaceVersion, savedGraph, startHistory,
  undoVersion, unsavedModifications,
} from './versions.ts';

describe('version history', () => {
  it('undo and redo across 1,000 edits give back identical graphs, and a replay equals each of them', () => {
    const base = gridGraph(30);
    const { mods, steps } = randomEdits(base, 1000, 5);
    let history = startHistory(base, [], EDIT_KINDS);
    for (const mod of mods) history = pushVersion(history, applyOrKeep(current(history), mod, EDIT_KINDS));
    const graphs = history.entries.map((entry) => entry.graph);
    for (const at of [1, 500, 1000]) expect(networkContents(graphs[at]!)).toEqual(networkContents(steps[at - 1]!)); // each version is what the edit made
    for (let i = 1000; i > 0; i--) {
      expect(current(history)).toBe(graphs[i]);
      history = undoVersion(history);
    }
    expect(current(history)).toBe(graphs[0]);
    expect(canUndoVersion(history)).toBe(false);
    expect(redoModifications(history)).toHaveLength(1000);
    expect(redoModifications(history).at(-1)).toBe(mods[0]); // spec 2: the next redo is the list's last
    for (let i = 1; i <= 1000; i++) {
      history = redoVersion(history);
      expect(current(history)).toBe(graphs[i]);
    }
    expect(canRedoVersion(history)).toBe(false);
    expect(unsavedModifications(history)).toEqual(mods);
    for (const at of [1, 250, 999, 1000]) expect(networkContents(replay(base, mods.slice(0, at), EDIT_KINDS))).toEqual(networkContents(graphs[at]!));
  });

  it('a push after undo drops the redo part; replace swaps the shown version only', () => {
    const base = gridGraph(4);
    const { mods } = randomEdits(base, 3, 9);
    let history = startHistory(base, [], EDIT_KINDS);
    for (const mod of mods.slice(0, 2)) history = pushVersion(history, applyOrKeep(current(history), mod, EDIT_KINDS));
    history = undoVersion(history);
    history = pushVersion(history, applyOrKeep(current(history), mods[2]!, EDIT_KINDS));
    expect(unsavedModifications(history)).toEqual([mods[0], mods[2]]);
    expect(redoModifications(history)).toEqual([]);
    const swapped = replaceVersion(history, applyOrKeep(history.entries[1]!.graph, mods[1]!, EDIT_KINDS));
    expect(unsavedModifications(swapped)).toEqual([mods[0], mods[1]]);
  });

  it('saved modifications are replayed once into the first version and cannot be undone; a save makes the shown graph the saved one', () => {
    const base = gridGraph(4);
    const { mods } = randomEdits(base, 4, 3);
    let history = startHistory(base, mods.slice(0, 2), EDIT_KINDS);
    expect(history.entries).toHaveLength(1);
    expect(undoVersion(history)).toBe(history);
    history = pushVersion(history, applyOrKeep(current(history), mods[2]!, EDIT_KINDS));
    const saved = markSaved(history);
    expect(saved.savedModifications).toEqual(mods.slice(0, 3));
    expect(savedGraph(saved)).toBe(current(history));
    expect(canUndoVersion(saved)).toBe(false);
  });

  it('a modification that cannot apply is kept with its refusal and changes nothing', () => {
    const base = gridGraph(3);
    let history = startHistory(base, [{ type: 'network/deleteLink', id: 'nope' }], EDIT_KINDS);
    history = pushVersion(history, applyOrKeep(current(history), { type: 'network/updateLink', id: 'gone', changes: { capacity: 1 } }, EDIT_KINDS));
    expect(current(history)).toBe(history.entries[0]!.graph);
    expect(refusals(history)).toEqual([
      { code: 'linkNotFound', params: { id: 'nope' } },
      { code: 'linkNotFound', params: { id: 'gone' } },
    ]);
    expect(current(history).get<NetworkLink>(LINK, 'l0-1')).toBe(base.get(LINK, 'l0-1'));
  });
});
