/** The modification history of spec 2 §4, read as its three lists off the stack of graph versions. */
import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { afterLoad, afterSave, canRedo, canSave, canUndo, graphOf, lists, newHistory, openChangeset, push, redo, refusals, replace, savedGraphOf, toSave, undo, LINK, NODE } from './index.ts';
import { gridGraph } from './testing.ts';

const mod = (id: string): Modification => ({ type: 'network/updateLink', id, changes: { capacity: Number(id.split('-')[1]) } });
const base = () => gridGraph(4);
const unsaved = (history: ReturnType<typeof newHistory>) => lists(history).unsaved;

describe('modification history (spec 2 §4)', () => {
  it('pushing appends to unsaved and clears redo', () => {
    const history = push(undo(push(newHistory(base()), mod('l0-1'))), mod('l1-2'));
    expect(unsaved(history)).toEqual([mod('l1-2')]);
    expect(lists(history).redo).toEqual([]);
  });

  it('replace swaps the last modification only when the condition holds', () => {
    const history = push(newHistory(base()), mod('l0-1'));
    expect(unsaved(replace(history, mod('l1-2'), () => true))).toEqual([mod('l1-2')]);
    expect(graphOf(replace(history, mod('l1-2'), () => true)).get(LINK, 'l0-1')).toBe(graphOf(history).base.get(LINK, 'l0-1'));
    expect(unsaved(replace(history, mod('l1-2'), () => false))).toEqual([mod('l0-1')]);
    expect(unsaved(replace(newHistory(base()), mod('l1-2'), () => true))).toEqual([]);
  });

  it('undo moves the last unsaved modification to redo and redo moves it back', () => {
    const undone = undo(push(push(newHistory(base()), mod('l0-1')), mod('l1-2')));
    expect(unsaved(undone)).toEqual([mod('l0-1')]);
    expect(lists(undone).redo).toEqual([mod('l1-2')]);
    expect(unsaved(redo(undone))).toEqual([mod('l0-1'), mod('l1-2')]);
    expect([canUndo(undone), canRedo(undone), canRedo(redo(undone))]).toEqual([true, true, false]);
  });

  it('undo acts only on unsaved changes, never on saved ones', () => {
    const opened = openChangeset(base(), { id: 3, name: 'x', modifications: [mod('l0-1')] });
    expect(undo(opened)).toEqual(opened);
    expect(canUndo(opened)).toBe(false);
  });

  it('a new changeset clears everything and sets id -1', () => {
    expect(lists(newHistory(base()))).toEqual({ id: -1, name: 'Untitled', saved: [], unsaved: [], redo: [] });
  });

  it('opening a changeset loads its modifications as saved and clears the rest', () => {
    expect(lists(openChangeset(base(), { id: 3, name: 'x', modifications: [mod('l0-1')] }))).toEqual({ id: 3, name: 'x', saved: [mod('l0-1')], unsaved: [], redo: [] });
  });

  it('save needs an unsaved change and sends saved and unsaved together', () => {
    const opened = openChangeset(base(), { id: 3, name: 'x', modifications: [mod('l0-1')] });
    expect(canSave(opened)).toBe(false);
    const edited = push(opened, mod('l1-2'));
    expect(canSave(edited)).toBe(true);
    expect(toSave(edited)).toEqual({ id: 3, name: 'x', modifications: [mod('l0-1'), mod('l1-2')] });
  });

  it('saving replaces the changeset with the answer; an answer with id -1 starts a fresh one', () => {
    const edited = push(newHistory(base()), mod('l0-1'));
    const saved = afterSave(edited, { id: 4, name: 'y', modifications: [mod('l0-1')] });
    expect(lists(saved)).toEqual({ id: 4, name: 'y', saved: [mod('l0-1')], unsaved: [], redo: [] });
    expect(savedGraphOf(saved)).toBe(graphOf(edited)); // what was shown is now saved, without a replay
    const other = afterSave(edited, { id: 4, name: 'y', modifications: [mod('l1-2')] });
    expect(lists(other).saved).toEqual([mod('l1-2')]);
    expect(graphOf(other).changed(LINK, 'l0-1')).toBe(false);
    expect(lists(afterSave(edited, { id: -1, name: 'y', modifications: [mod('l0-1')] }))).toEqual(lists(newHistory(base())));
  });

  it('a modification refused on the loaded data applies once the data it needs is loaded', () => {
    const graph = base();
    const history = push(newHistory(graph), { type: 'network/updateLink', id: 'far', changes: { capacity: 5 } });
    expect(refusals(history.versions)).toEqual([{ code: 'linkNotFound', params: { id: 'far' } }]);
    const far = { id: 'far', fromId: 'n0', toId: 'n1', length: 1, capacity: 600, lanes: 1, freespeed: 1, modes: ['car'] };
    graph.base.add(LINK, [far]);
    const loaded = afterLoad(history, [{ kind: LINK, entities: [far] }]);
    expect(refusals(loaded.versions)).toEqual([]);
    expect(graphOf(loaded).get(LINK, 'far')).toMatchObject({ capacity: 5 });
  });

  it('a load that touches nothing edited keeps the graphs; one that brings links of a deleted node replays and reports it', () => {
    const graph = base();
    const lonely = { id: 'lonely', lng: 13.5, lat: 52.5 };
    graph.base.add(NODE, [lonely]);
    const history = push(push(newHistory(graph), mod('l0-1')), { type: 'network/deleteNode', id: 'lonely' });
    const unrelated = { id: 'x', fromId: 'n0', toId: 'n1', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] };
    graph.base.add(LINK, [unrelated]);
    expect(afterLoad(history, [{ kind: LINK, entities: [unrelated] }])).toBe(history);
    const attached = { ...unrelated, id: 'y', toId: 'lonely' };
    graph.base.add(LINK, [attached]);
    const replayed = afterLoad(history, [{ kind: LINK, entities: [attached] }]);
    expect(refusals(replayed.versions)).toEqual([{ code: 'nodeHasLinks', params: { id: 'lonely', count: 1 } }]);
    expect(graphOf(replayed).has(NODE, 'lonely')).toBe(true);
    expect(unsaved(replayed)).toEqual(unsaved(history));
  });
});
