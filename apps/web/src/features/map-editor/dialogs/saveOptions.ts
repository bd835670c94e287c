/**
 * Save options per group (spec 2 §4 "Saving"): network and transit are saved into the changeset only; DRT groups
 * without a base file only as a new file, with one as a new file or overwriting it.
 */
import type { SaveGroup } from '@corridor/contract';

export const SAVE_OPTIONS = ['changeset', 'new_file', 'overwrite'] as const;
export type SaveOption = (typeof SAVE_OPTIONS)[number];

const CHANGESET_ONLY = new Set<SaveGroup>(['network', 'transit']);

/** The options a group may use; the first is its default. */
export function allowedSaveOptions(group: SaveGroup, hasBaseFile: boolean): SaveOption[] {
  if (CHANGESET_ONLY.has(group)) return ['changeset'];
  return hasBaseFile ? ['new_file', 'overwrite'] : ['new_file'];
}

/** Whether the overwrite warning shows: some group is set to overwrite its file. */
export function overwrites(options: Partial<Record<SaveGroup, SaveOption>>): boolean {
  return Object.values(options).includes('overwrite');
}
