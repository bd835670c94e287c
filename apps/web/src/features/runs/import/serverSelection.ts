/**
 * The Server tab's selection (spec 3 §2.5): paths of server files chosen in the tree, in the order they were
 * chosen. Only files are selectable; a zip is one file (its contents are listed for information).
 */

export interface ServerEntryLike {
  path: string;
  type: 'file' | 'dir';
}

export function isSelected(selection: readonly string[], path: string): boolean {
  return selection.includes(path);
}

/** Checking a file adds it (once), unchecking removes it; directories are not selectable. */
export function toggleSelection(selection: readonly string[], entry: ServerEntryLike, checked: boolean): string[] {
  if (entry.type !== 'file') return [...selection];
  const without = selection.filter((path) => path !== entry.path);
  return checked ? [...without, entry.path] : without;
}

/** A selected path's file name (the last segment, either separator). */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}
