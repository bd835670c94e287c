/**
 * History as a stack of graph versions (issue 27, as iD's coreHistory): each entry is the graph after one
 * modification, with the modification that made it. Undo and redo move the index (O(1)); a push drops what could be
 * redone. `saved` counts the entries that belong to the saved changeset, so spec 2's unsaved / redo / saved model
 * reads straight off the stack. Immutable: every operation answers a new history that shares the entries.
 */
import type { Modification } from '@corridor/contract';
import type { ScenarioGraph } from './graph.ts';

export interface Version {
  readonly graph: ScenarioGraph;
  /** The modification that made this version; null for the first (the base, or the saved changeset opened on it). */
  readonly modification: Modification | null;
}

export interface VersionHistory {
  readonly entries: readonly Version[];
  /** The entry shown now. */
  readonly index: number;
  /** Entries 1..saved are saved modifications (0: nothing saved). */
  readonly saved: number;
}

export function startHistory(graph: ScenarioGraph, saved: readonly Modification[] = [], apply?: (graph: ScenarioGraph, mod: Modification) => ScenarioGraph): VersionHistory {
  const entries: Version[] = [{ graph, modification: null }];
  for (const modification of saved) entries.push({ graph: apply!(entries.at(-1)!.graph, modification), modification });
  return { entries, index: entries.length - 1, saved: saved.length };
}

export const current = (history: VersionHistory): ScenarioGraph => history.entries[history.index]!.graph;

/** A new version after the shown one; what could be redone is dropped. A saved entry is never dropped: undo stops there. */
export function pushVersion(history: VersionHistory, graph: ScenarioGraph, modification: Modification): VersionHistory {
  return { ...history, entries: [...history.entries.slice(0, history.index + 1), { graph, modification }], index: history.index + 1 };
}

export const canUndoVersion = (history: VersionHistory) => history.index > history.saved;
export const canRedoVersion = (history: VersionHistory) => history.index < history.entries.length - 1;

export function undoVersion(history: VersionHistory): VersionHistory {
  return canUndoVersion(history) ? { ...history, index: history.index - 1 } : history;
}

export function redoVersion(history: VersionHistory): VersionHistory {
  return canRedoVersion(history) ? { ...history, index: history.index + 1 } : history;
}

/** The unsaved modifications (shown ones only), in order. */
export function unsavedModifications(history: VersionHistory): Modification[] {
  return history.entries.slice(history.saved + 1, history.index + 1).map((entry) => entry.modification!);
}

/** The modifications that redo would bring back, next first. */
export function redoModifications(history: VersionHistory): Modification[] {
  return history.entries.slice(history.index + 1).map((entry) => entry.modification!);
}

/** After a save: everything shown becomes saved, the redo part is dropped. */
export function markSaved(history: VersionHistory): VersionHistory {
  return { entries: history.entries.slice(0, history.index + 1), index: history.index, saved: history.index };
}
