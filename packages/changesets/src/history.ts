/**
 * The modification history of spec 2 §4: three lists (unsaved, redo, saved) and the changeset they belong to.
 * Selection, hover and camera never enter it. Every function returns a new history.
 */
import type { Modification } from '@corridor/contract';

export interface History {
  readonly id: number;
  readonly name: string;
  readonly saved: readonly Modification[];
  readonly unsaved: readonly Modification[];
  readonly redo: readonly Modification[];
}

export const UNSAVED_ID = -1;

/** A new changeset clears everything and sets id -1. */
export function newHistory(name = 'Untitled'): History {
  return { id: UNSAVED_ID, name, saved: [], unsaved: [], redo: [] };
}

/** Opening a changeset loads its modifications as saved and clears the rest. */
export function openChangeset(changeset: { id: number; name: string; modifications: readonly Modification[] }): History {
  return { id: changeset.id, name: changeset.name, saved: [...changeset.modifications], unsaved: [], redo: [] };
}

/** Pushing appends to unsaved and clears redo. */
export function push(history: History, mod: Modification): History {
  return { ...history, unsaved: [...history.unsaved, mod], redo: [] };
}

/** Swaps the last unsaved modification when the condition holds (a drag that keeps refining one edit). */
export function replace(history: History, mod: Modification, when: (last: Modification) => boolean): History {
  const last = history.unsaved.at(-1);
  if (last === undefined || !when(last)) return history;
  return { ...history, unsaved: [...history.unsaved.slice(0, -1), mod], redo: [] };
}

export const canUndo = (history: History) => history.unsaved.length > 0;
export const canRedo = (history: History) => history.redo.length > 0;

/** Moves the last unsaved modification to redo; saved modifications are never undone. */
export function undo(history: History): History {
  const last = history.unsaved.at(-1);
  if (last === undefined) return history;
  return { ...history, unsaved: history.unsaved.slice(0, -1), redo: [...history.redo, last] };
}

export function redo(history: History): History {
  const next = history.redo.at(-1);
  if (next === undefined) return history;
  return { ...history, unsaved: [...history.unsaved, next], redo: history.redo.slice(0, -1) };
}

/** Save needs at least one unsaved change. */
export const canSave = (history: History) => history.unsaved.length > 0;

/** The body to save: unsaved and saved together, saved first. */
export function toSave(history: History): { id: number; name: string; modifications: Modification[] } {
  return { id: history.id, name: history.name, modifications: [...history.saved, ...history.unsaved] };
}

/** Saving replaces the changeset with the server answer; an answer with id -1 starts a fresh empty changeset. */
export function afterSave(answer: { id: number; name: string; modifications: readonly Modification[] }): History {
  return answer.id === UNSAVED_ID ? newHistory() : openChangeset(answer);
}
