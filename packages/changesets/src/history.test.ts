import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { afterSave, canSave, newHistory, openChangeset, push, redo, replace, toSave, undo } from './index.ts';

const mod = (id: string): Modification => ({ type: 'network/deleteLink', id });

describe('modification history (spec 2 §4)', () => {
  it('pushing appends to unsaved and clears redo', () => {
    const history = push(undo(push(newHistory(), mod('1'))), mod('2'));
    expect(history.unsaved).toEqual([mod('2')]);
    expect(history.redo).toEqual([]);
  });

  it('replace swaps the last modification only when the condition holds', () => {
    const history = push(newHistory(), mod('1'));
    expect(replace(history, mod('2'), () => true).unsaved).toEqual([mod('2')]);
    expect(replace(history, mod('2'), () => false).unsaved).toEqual([mod('1')]);
    expect(replace(newHistory(), mod('2'), () => true).unsaved).toEqual([]);
  });

  it('undo moves the last unsaved modification to redo and redo moves it back', () => {
    const undone = undo(push(push(newHistory(), mod('1')), mod('2')));
    expect(undone.unsaved).toEqual([mod('1')]);
    expect(undone.redo).toEqual([mod('2')]);
    expect(redo(undone).unsaved).toEqual([mod('1'), mod('2')]);
  });

  it('undo acts only on unsaved changes, never on saved ones', () => {
    const opened = openChangeset({ id: 3, name: 'x', modifications: [mod('s')] });
    expect(undo(opened)).toEqual(opened);
  });

  it('a new changeset clears everything and sets id -1', () => {
    expect(newHistory()).toEqual({ id: -1, name: 'Untitled', saved: [], unsaved: [], redo: [] });
  });

  it('opening a changeset loads its modifications as saved and clears the rest', () => {
    expect(openChangeset({ id: 3, name: 'x', modifications: [mod('s')] })).toEqual({ id: 3, name: 'x', saved: [mod('s')], unsaved: [], redo: [] });
  });

  it('save needs an unsaved change and sends saved and unsaved together', () => {
    const opened = openChangeset({ id: 3, name: 'x', modifications: [mod('s')] });
    expect(canSave(opened)).toBe(false);
    const edited = push(opened, mod('u'));
    expect(canSave(edited)).toBe(true);
    expect(toSave(edited)).toEqual({ id: 3, name: 'x', modifications: [mod('s'), mod('u')] });
  });

  it('saving replaces the changeset with the answer; an answer with id -1 starts a fresh one', () => {
    expect(afterSave({ id: 4, name: 'y', modifications: [mod('s')] }).saved).toEqual([mod('s')]);
    expect(afterSave({ id: -1, name: 'y', modifications: [mod('s')] })).toEqual(newHistory());
  });
});
