/**
 * Diff marking (spec 2 §4) computed by comparing graph versions, never set by the kinds: the base (as loaded), the
 * saved graph (base + the saved changeset) and the current graph (saved + unsaved edits). Saved flags compare saved
 * with base, unsaved flags compare current with saved:
 * - something not in the base is only ever "added" (savedAdded when the saved changeset has it, else added):
 *   modifying it keeps that flag, and deleting it removes it (nothing is drawn);
 * - something in the base is savedDeleted / savedModified by the saved changeset, and deleted / modified by the
 *   unsaved edits on top of it (an entity is modified when the version differs by identity: every edit makes a new one).
 */
import type { ChangeFlags } from '../flags.ts';
import type { GraphEntity } from './entity.ts';
import type { GraphReader } from './graph.ts';

const flags = (value: ChangeFlags): ChangeFlags => Object.freeze(value);
const NONE = flags({});
const ADDED = flags({ added: true });
const SAVED_ADDED = flags({ savedAdded: true });
const MODIFIED = flags({ modified: true });
const DELETED = flags({ deleted: true });
const SAVED_MODIFIED = flags({ savedModified: true });
const SAVED_MODIFIED_AND_MODIFIED = flags({ savedModified: true, modified: true });
const SAVED_MODIFIED_AND_DELETED = flags({ savedModified: true, deleted: true });
const SAVED_DELETED = flags({ savedDeleted: true });

/** The flags of one entity (shared frozen objects; the empty object when unchanged). */
export function changeFlags(kind: string, id: string, saved: GraphReader, current: GraphReader): ChangeFlags {
  if (!current.changed(kind, id)) return NONE;
  const before = current.base.get(kind, id);
  const inSaved = saved.get(kind, id);
  const now = current.get(kind, id);
  if (before === undefined) {
    if (now === undefined) return NONE;
    return inSaved === undefined ? ADDED : SAVED_ADDED;
  }
  if (inSaved === undefined) return now === undefined ? SAVED_DELETED : ADDED;
  const savedModified = inSaved !== before;
  if (now === undefined) return savedModified ? SAVED_MODIFIED_AND_DELETED : DELETED;
  if (now !== inSaved) return savedModified ? SAVED_MODIFIED_AND_MODIFIED : MODIFIED;
  return savedModified ? SAVED_MODIFIED : NONE;
}

/** The base entities of the kind that the current graph deleted (drawn as deleted), with their flags. */
export function* deletedEntities<T extends GraphEntity>(kind: string, saved: GraphReader, current: GraphReader): Generator<{ entity: T; flags: ChangeFlags }> {
  for (const [id, now] of current.changedEntities<T>(kind)) {
    if (now !== null) continue;
    const before = current.base.get(kind, id) as T | undefined;
    if (before) yield { entity: before, flags: changeFlags(kind, id, saved, current) };
  }
}
