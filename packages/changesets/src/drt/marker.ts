/**
 * The change and state markers of DRT items (spec 2 §3: "added, modified or deleted", "Saved or Unsaved"), derived
 * from the graph diff like every other change flag (`graph/diff.ts`), never stored on the items. §4 Diff marking
 * holds through the flags: deleting something just added removes it (no marker, nothing drawn); modifying something
 * added keeps "added".
 */
import type { ChangeFlags } from '../flags.ts';
import { changeFlags } from '../graph/diff.ts';
import type { GraphReader } from '../graph/graph.ts';

export type DrtChange = 'added' | 'modified' | 'deleted';
export type DrtState = 'Saved' | 'Unsaved';
export interface DrtMarker {
  readonly change: DrtChange;
  readonly state: DrtState;
}

const marker = (change: DrtChange, state: DrtState): DrtMarker => Object.freeze({ change, state });
const ADDED = marker('added', 'Unsaved');
const SAVED_ADDED = marker('added', 'Saved');
const MODIFIED = marker('modified', 'Unsaved');
const SAVED_MODIFIED = marker('modified', 'Saved');
const DELETED = marker('deleted', 'Unsaved');
const SAVED_DELETED = marker('deleted', 'Saved');

/**
 * The marker of an item with these flags, or undefined when it is unchanged. An unsaved change wins over a saved
 * one (a saved modification deleted now is deleted, Unsaved); added wins over modified.
 */
export function drtMarker(flags: ChangeFlags | undefined): DrtMarker | undefined {
  if (!flags) return undefined;
  if (flags.added) return ADDED;
  if (flags.savedAdded) return SAVED_ADDED;
  if (flags.deleted) return DELETED;
  if (flags.modified) return MODIFIED;
  if (flags.savedDeleted) return SAVED_DELETED;
  if (flags.savedModified) return SAVED_MODIFIED;
  return undefined;
}

/**
 * The marker of one DRT item between the saved graph and the shown one. An item the saved changeset added and an
 * unsaved edit changed stays "added" but is Unsaved (the flags alone say only savedAdded for it).
 */
export function drtMarkerOf(kind: string, id: string, saved: GraphReader, current: GraphReader): DrtMarker | undefined {
  const found = drtMarker(changeFlags(kind, id, saved, current));
  if (found === SAVED_ADDED && current.get(kind, id) !== saved.get(kind, id)) return ADDED;
  return found;
}
