/**
 * The import page's rules (spec 3 §5, §9): the default name, the uploader's file counts and when "Import as Run"
 * may be pressed. Pure, so they are unit-tested without a browser.
 */

import { IMPORTED_RUN_NAME, MAX_FILES_PER_UPLOAD } from '@corridor/contract';

/** Spec 3 §9. */
export const DEFAULT_RUN_NAME = IMPORTED_RUN_NAME;
/** Spec 3 §5, §9: the uploader takes 1 to 30 files at a time. */
export const UPLOAD_MIN_FILES = 1;
export const UPLOAD_MAX_FILES = MAX_FILES_PER_UPLOAD;

/** What is wrong with the number of files in the uploader, or null when it is within the limits. */
export type FileCountProblem = { kind: 'tooFew' | 'tooMany'; limit: number } | null;

export function fileCountProblem(count: number, min = UPLOAD_MIN_FILES, max = UPLOAD_MAX_FILES): FileCountProblem {
  if (count < min) return { kind: 'tooFew', limit: min };
  if (count > max) return { kind: 'tooMany', limit: max };
  return null;
}

export interface ImportFormState {
  creating: boolean;
  /** Files in the Local list, or paths selected on the Server tab. */
  fileCount: number;
  name: string;
  crs: string | null;
}

/** What keeps "Import as Run" disabled, in the form's order (the page names each, issue 24). */
export type ImportBlocker = 'name' | 'crs' | 'files' | 'tooMany';

export function importBlockers(state: Omit<ImportFormState, 'creating'>): ImportBlocker[] {
  const blockers: ImportBlocker[] = [];
  if (state.name.trim() === '') blockers.push('name');
  if ((state.crs ?? '').trim() === '') blockers.push('crs');
  const count = fileCountProblem(state.fileCount);
  if (count) blockers.push(count.kind === 'tooFew' ? 'files' : 'tooMany');
  return blockers;
}

/**
 * Spec 3 §5: the buttons are disabled while creating, with no files (or none selected), with an empty name or
 * with an empty or null CRS; beyond the spec, also with more files than the uploader takes.
 */
export function canImport(state: ImportFormState): boolean {
  return !state.creating && importBlockers(state).length === 0;
}

/** Files added to the list: a file with the name of one already listed replaces it (a run has one file per name). */
export function addFiles<F extends { name: string }>(listed: readonly F[], added: readonly F[]): F[] {
  const byName = new Map(listed.map((file) => [file.name, file]));
  for (const file of added) byName.set(file.name, file);
  return [...byName.values()];
}
