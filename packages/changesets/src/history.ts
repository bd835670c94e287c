/**
 * The modification history of spec 2 §4 on the graph core: the open changeset (id, name) and its stack of graph
 * versions. Spec 2's three lists (unsaved, redo, saved) are read off the stack (`lists`). Selection, hover and camera
 * never enter it. Every function returns a new history; the graphs are shared.
 */
import type { Modification } from '@corridor/contract';
import type { GraphEntity } from './graph/entity.ts';
import type { ScenarioGraph } from './graph/graph.ts';
import type { EditKinds } from './graph/registry.ts';
import {
  applyOrKeep,
  canRedoVersion,
  canUndoVersion,
  current,
  hasRefusals,
  markSaved,
  pushVersion,
  rebuild,
  redoModifications,
  redoVersion,
  replaceVersion,
  savedGraph,
  startHistory,
  undoVersion,
  unsavedModifications,
  type VersionHistory,
} from './graph/versions.ts';
import { EDIT_KINDS } from './scenario.ts';

export interface ChangesetHistory {
  readonly id: number;
  readonly name: string;
  readonly versions: VersionHistory<Modification>;
}

/** Spec 2's three lists (redo: the next one last). */
export interface HistoryLists {
  readonly id: number;
  readonly name: string;
  readonly saved: readonly Modification[];
  readonly unsaved: readonly Modification[];
  readonly redo: readonly Modification[];
}

export const UNSAVED_ID = -1;

/** A new changeset clears everything and sets id -1. `base`: the graph with nothing applied. */
export function newHistory(base: ScenarioGraph, name = 'Untitled', kinds: EditKinds = EDIT_KINDS): ChangesetHistory {
  return { id: UNSAVED_ID, name, versions: startHistory(base, [], kinds) };
}

/** Opening a changeset loads its modifications as saved (replayed once on the base) and clears the rest. */
export function openChangeset(base: ScenarioGraph, changeset: { id: number; name: string; modifications: readonly Modification[] }, kinds: EditKinds = EDIT_KINDS): ChangesetHistory {
  return { id: changeset.id, name: changeset.name, versions: startHistory(base, changeset.modifications, kinds) };
}

/** The graph shown now and the saved graph it is compared with for the change flags. */
export const graphOf = (history: ChangesetHistory): ScenarioGraph => current(history.versions);
export const savedGraphOf = (history: ChangesetHistory): ScenarioGraph => savedGraph(history.versions);

/**
 * Pushing appends to unsaved and clears redo. A modification that cannot apply to the loaded data is kept with its
 * refusal (an imported one); the editor's own edits are checked with `disabled` first.
 */
export function push(history: ChangesetHistory, mod: Modification, kinds: EditKinds = EDIT_KINDS): ChangesetHistory {
  return { ...history, versions: pushVersion(history.versions, applyOrKeep(graphOf(history), mod, kinds)) };
}

/** Swaps the last unsaved modification when the condition holds (a drag that keeps refining one edit). */
export function replace(history: ChangesetHistory, mod: Modification, when: (last: Modification) => boolean, kinds: EditKinds = EDIT_KINDS): ChangesetHistory {
  const { versions } = history;
  const last = versions.index > 0 ? versions.entries[versions.index]!.modification as Modification : null;
  if (last === null || !when(last)) return history;
  const before = versions.entries[versions.index - 1]!.graph;
  return { ...history, versions: replaceVersion(versions, applyOrKeep(before, mod, kinds)) };
}

/** Undo acts only on unsaved changes; redo brings them back. */
export const canUndo = (history: ChangesetHistory) => canUndoVersion(history.versions);
export const canRedo = (history: ChangesetHistory) => canRedoVersion(history.versions);
export const undo = (history: ChangesetHistory): ChangesetHistory => ({ ...history, versions: undoVersion(history.versions) });
export const redo = (history: ChangesetHistory): ChangesetHistory => ({ ...history, versions: redoVersion(history.versions) });

export const rename = (history: ChangesetHistory, name: string): ChangesetHistory => ({ ...history, name });

export function lists(history: ChangesetHistory): HistoryLists {
  const { versions } = history;
  return { id: history.id, name: history.name, saved: versions.savedModifications, unsaved: unsavedModifications(versions), redo: redoModifications(versions) };
}

/** Save needs at least one unsaved change. */
export const canSave = (history: ChangesetHistory) => history.versions.index > 0;

/** The body to save: saved and unsaved together, saved first. */
export function toSave(history: ChangesetHistory): { id: number; name: string; modifications: Modification[] } {
  return { id: history.id, name: history.name, modifications: [...history.versions.savedModifications, ...unsavedModifications(history.versions)] };
}

/**
 * Saving replaces the changeset with the server's answer; an answer with id -1 starts a fresh empty changeset. When
 * the answer holds exactly what was sent, the graph shown becomes the saved one without a replay.
 */
export function afterSave(history: ChangesetHistory, answer: { id: number; name: string; modifications: readonly Modification[] }, kinds: EditKinds = EDIT_KINDS): ChangesetHistory {
  const base = history.versions.base;
  if (answer.id === UNSAVED_ID) return newHistory(base, undefined, kinds);
  if (JSON.stringify(answer.modifications) === JSON.stringify(toSave(history).modifications)) {
    return { id: answer.id, name: answer.name, versions: markSaved(history.versions) };
  }
  return openChangeset(base, answer, kinds);
}

/**
 * After entities were added to the base (shared by every version). The graphs already read the new base, so the
 * history is kept as it is, unless the new data could change what the modifications did: one of them was refused
 * (it may apply now), or a new entity is one an edit changed or refers to one (a loaded link on a deleted or added
 * node). Then the history is replayed once on the grown base, as a run would replay it.
 */
export function afterLoad(history: ChangesetHistory, loaded: readonly { kind: string; entities: readonly GraphEntity[] }[], kinds: EditKinds = EDIT_KINDS): ChangesetHistory {
  if (!hasRefusals(history.versions) && !touchesEdits(history, loaded)) return history;
  return { ...history, versions: rebuild(history.versions, history.versions.base, kinds) };
}

function touchesEdits(history: ChangesetHistory, loaded: readonly { kind: string; entities: readonly GraphEntity[] }[]): boolean {
  const { entries, base } = history.versions;
  const latest = entries.at(-1)!.graph; // every version's changes are in the last one's overlay
  if (latest.changedCount === 0) return false;
  return loaded.some(({ kind, entities }) => {
    const indexes = base.base.indexesOf(kind);
    return entities.some((entity) => latest.changed(kind, entity.id) || indexes.some((index) => index.keys(entity).some((key) => latest.changed(index.keyKind, key))));
  });
}
