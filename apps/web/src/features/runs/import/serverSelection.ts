/**
 * The Server tab's selection (spec 3 §2.5): paths of server files chosen in the tree, in the order they were
 * chosen. A zip is one file (its contents are listed for information). A folder is selected whole (issue 26): it is
 * kept with a trailing "/" ("equil/output/"), and the files below it count as selected through it.
 */
import type { ServerFilesImportRequest } from '@corridor/contract';

export interface ServerEntryLike {
  path: string;
  type: 'file' | 'dir';
}

/** Whether a selection entry is a whole folder. */
export const isFolderEntry = (entry: string) => entry.endsWith('/');
const folderEntry = (path: string) => `${path}/`;

/** The selected folder that holds `path` (itself excluded), if any. */
export function coveringFolder(selection: readonly string[], path: string): string | undefined {
  return selection.find((entry) => isFolderEntry(entry) && path.startsWith(entry) && path !== entry);
}

/** Selected itself, or through a selected folder above it. */
export function isSelected(selection: readonly string[], path: string, type: 'file' | 'dir' = 'file'): boolean {
  return selection.includes(type === 'dir' ? folderEntry(path) : path) || coveringFolder(selection, type === 'dir' ? folderEntry(path) : path) !== undefined;
}

/**
 * Checking a file adds it (once), unchecking removes it; checking a folder adds it whole, and what was selected
 * below it is then part of it. Entries below a selected folder cannot be changed on their own.
 */
export function toggleSelection(selection: readonly string[], entry: ServerEntryLike, checked: boolean): string[] {
  const key = entry.type === 'dir' ? folderEntry(entry.path) : entry.path;
  if (coveringFolder(selection, key) !== undefined) return [...selection];
  const without = selection.filter((path) => path !== key && !(entry.type === 'dir' && path.startsWith(key)));
  return checked ? [...without, key] : without;
}

/** "Select all" of one listed folder: its files and subfolders not selected yet, added in the listing's order. */
export function selectAll(selection: readonly string[], entries: readonly ServerEntryLike[]): string[] {
  let next = [...selection];
  for (const entry of entries) if (!isSelected(next, entry.path, entry.type)) next = toggleSelection(next, entry, true);
  return next;
}

/** Whether every entry of a listed folder is selected (the "Select all" button then has nothing to do). */
export function allSelected(selection: readonly string[], entries: readonly ServerEntryLike[]): boolean {
  return entries.length > 0 && entries.every((entry) => isSelected(selection, entry.path, entry.type));
}

/** The request body: files as paths, folders whole with the one ITERS/ choice of the tab. */
export function importRequest(selection: readonly string[], includeIters: boolean): ServerFilesImportRequest {
  return {
    paths: selection.filter((entry) => !isFolderEntry(entry)),
    folders: selection.filter(isFolderEntry).map((entry) => ({ path: entry.slice(0, -1), includeIters })),
  };
}

/** A selected path's file name (the last segment, either separator). */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}
