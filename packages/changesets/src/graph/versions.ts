/**
 * History as a stack of graph versions (issue 27, as iD's coreHistory). The first entry is the saved graph (the
 * base with the saved changeset replayed); each later entry is the graph after one unsaved modification. Undo and
 * redo move the index (O(1)); a push drops what could be redone. Spec 2 §4's three lists read straight off it:
 * saved = `savedModifications`, unsaved = entries 1..index, redo = the entries after the index.
 * Immutable: every operation answers a new history sharing the entries.
 */
import type { Refusal } from '../refusal.ts';
import type { ScenarioGraph } from './graph.ts';
import type { EditKinds, Modification } from './registry.ts';
import { replaySkipping, type SkippedModification } from './replay.ts';

export interface Version {
  readonly graph: ScenarioGraph;
  /** The modification that made this version; null for the first (the saved graph). */
  readonly modification: Modification | null;
  /** Why the modification could not apply to the loaded data (imported ones); the graph is then the one before. */
  readonly refusal?: Refusal;
}

export interface VersionHistory<M extends Modification = Modification> {
  /** The graph with nothing applied (the base as loaded). */
  readonly base: ScenarioGraph;
  readonly savedModifications: readonly M[];
  /** Saved modifications that could not apply to the loaded data. */
  readonly savedSkipped: readonly SkippedModification[];
  readonly entries: readonly Version[];
  /** The entry shown now; undo stops at 0. */
  readonly index: number;
}

/** The history of a changeset opened on the base: its modifications saved, nothing to undo or redo. */
export function startHistory<M extends Modification>(base: ScenarioGraph, saved: readonly M[], kinds: EditKinds): VersionHistory<M> {
  const { graph, skipped } = replaySkipping(base, saved, kinds);
  return { base, savedModifications: saved, savedSkipped: skipped, entries: [{ graph, modification: null }], index: 0 };
}

export const current = (history: VersionHistory<Modification>): ScenarioGraph => history.entries[history.index]!.graph;
export const savedGraph = (history: VersionHistory<Modification>): ScenarioGraph => history.entries[0]!.graph;

/** A new version after the shown one; what could be redone is dropped. */
export function pushVersion<M extends Modification>(history: VersionHistory<M>, version: Version): VersionHistory<M> {
  return { ...history, entries: [...history.entries.slice(0, history.index + 1), version], index: history.index + 1 };
}

/** The shown (unsaved) version swapped for another made from the one before it (a drag refining one edit). */
export function replaceVersion<M extends Modification>(history: VersionHistory<M>, version: Version): VersionHistory<M> {
  if (history.index === 0) return pushVersion(history, version);
  return { ...history, entries: [...history.entries.slice(0, history.index), version], index: history.index };
}

export const canUndoVersion = (history: VersionHistory<Modification>) => history.index > 0;
export const canRedoVersion = (history: VersionHistory<Modification>) => history.index < history.entries.length - 1;

export function undoVersion<M extends Modification>(history: VersionHistory<M>): VersionHistory<M> {
  return canUndoVersion(history) ? { ...history, index: history.index - 1 } : history;
}

export function redoVersion<M extends Modification>(history: VersionHistory<M>): VersionHistory<M> {
  return canRedoVersion(history) ? { ...history, index: history.index + 1 } : history;
}

/** The unsaved modifications (the shown ones), in order. */
export function unsavedModifications<M extends Modification>(history: VersionHistory<M>): M[] {
  return history.entries.slice(1, history.index + 1).map((entry) => entry.modification as M);
}

/** The modifications redo would bring back, the next one LAST (spec 2's redo list). */
export function redoModifications<M extends Modification>(history: VersionHistory<M>): M[] {
  return history.entries
    .slice(history.index + 1)
    .map((entry) => entry.modification as M)
    .reverse();
}

/** Everything that could not apply to the loaded data: saved ones, then the shown unsaved ones. */
export function refusals(history: VersionHistory<Modification>): Refusal[] {
  const unsaved = history.entries.slice(1, history.index + 1).flatMap((entry) => (entry.refusal ? [entry.refusal] : []));
  return [...history.savedSkipped.map((skipped) => skipped.refusal), ...unsaved];
}

/** Whether a modification of the history was refused (then loading more data may let it apply: `rebuild`). */
export function hasRefusals(history: VersionHistory<Modification>): boolean {
  return history.savedSkipped.length > 0 || history.entries.some((entry) => entry.refusal !== undefined);
}

/**
 * The same history replayed on `base` (a graph with nothing applied): each modification applied where it can be,
 * in order, the index kept. Costs one replay; used when the loaded data changed under refused modifications.
 */
export function rebuild<M extends Modification>(history: VersionHistory<M>, base: ScenarioGraph, kinds: EditKinds): VersionHistory<M> {
  let next = startHistory(base, history.savedModifications, kinds);
  for (const entry of history.entries.slice(1)) next = pushVersion(next, applyOrKeep(current(next), entry.modification!, kinds));
  return { ...next, index: history.index };
}

/** The version a modification makes: applied, or the same graph with its refusal when it cannot apply. */
export function applyOrKeep<M extends Modification>(graph: ScenarioGraph, modification: M, kinds: EditKinds): Version {
  if (!kinds.knows(modification)) return { graph, modification };
  let refusal: Refusal | undefined;
  const next = graph.edit((draft) => (refusal = kinds.tryApply(draft, modification)));
  return refusal ? { graph, modification, refusal } : { graph: next, modification };
}

/** After a save of saved + shown unsaved modifications: the shown graph becomes the saved one, redo is dropped. */
export function markSaved<M extends Modification>(history: VersionHistory<M>): VersionHistory<M> {
  const offset = history.savedModifications.length;
  const unsaved = history.entries.slice(1, history.index + 1);
  const skipped = unsaved.flatMap((entry, at) => (entry.refusal ? [{ index: offset + at, refusal: entry.refusal }] : []));
  return {
    base: history.base,
    savedModifications: [...history.savedModifications, ...unsaved.map((entry) => entry.modification as M)],
    savedSkipped: [...history.savedSkipped, ...skipped],
    entries: [{ graph: current(history), modification: null }],
    index: 0,
  };
}
