/**
 * Change flags (spec 2 §3): six booleans per feature, in the spec's order, each drawn in its own colour.
 * Unsaved edits set the first three, edits replayed from the saved changeset the last three.
 */
export const CHANGE_FLAGS = ['added', 'modified', 'deleted', 'savedAdded', 'savedModified', 'savedDeleted'] as const;
export type ChangeFlag = (typeof CHANGE_FLAGS)[number];
export type ChangeFlags = Readonly<Partial<Record<ChangeFlag, true>>>;

/** Which flags an edit sets: the saved changeset's replay or the unsaved edits on top of it. */
export type Stage = 'saved' | 'unsaved';

const ADDED: Record<Stage, ChangeFlag> = { saved: 'savedAdded', unsaved: 'added' };
const MODIFIED: Record<Stage, ChangeFlag> = { saved: 'savedModified', unsaved: 'modified' };
const DELETED: Record<Stage, ChangeFlag> = { saved: 'savedDeleted', unsaved: 'deleted' };

export const addedFlags = (stage: Stage): ChangeFlags => ({ [ADDED[stage]]: true });
export const deletedFlags = (flags: ChangeFlags | undefined, stage: Stage): ChangeFlags => ({ ...flags, [DELETED[stage]]: true });

export function isAdded(flags: ChangeFlags | undefined): boolean {
  return Boolean(flags?.added || flags?.savedAdded);
}

/** Modifying something added or deleted keeps its flag; otherwise it is marked modified (spec 2 §4). */
export function modifiedFlags(flags: ChangeFlags | undefined, stage: Stage): ChangeFlags | undefined {
  if (isAdded(flags) || flags?.deleted || flags?.savedDeleted) return flags;
  return { ...flags, [MODIFIED[stage]]: true };
}

/** The six flags as booleans in the spec's order (what the map colours by). */
export function flagTuple(flags: ChangeFlags | undefined): boolean[] {
  return CHANGE_FLAGS.map((flag) => Boolean(flags?.[flag]));
}
