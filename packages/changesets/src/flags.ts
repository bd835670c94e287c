/**
 * Change flags (spec 2 §3): six booleans per feature, in the spec's order, each drawn in its own colour.
 * Unsaved edits set the first three, the saved changeset the last three. They are computed by comparing graph
 * versions (`graph/diff.ts`), never stored on entities.
 */
export const CHANGE_FLAGS = ['added', 'modified', 'deleted', 'savedAdded', 'savedModified', 'savedDeleted'] as const;
export type ChangeFlag = (typeof CHANGE_FLAGS)[number];
export type ChangeFlags = Readonly<Partial<Record<ChangeFlag, true>>>;

export function isAdded(flags: ChangeFlags | undefined): boolean {
  return Boolean(flags?.added || flags?.savedAdded);
}

/** The six flags as booleans in the spec's order (what the map colours by). */
export function flagTuple(flags: ChangeFlags | undefined): boolean[] {
  return CHANGE_FLAGS.map((flag) => Boolean(flags?.[flag]));
}
