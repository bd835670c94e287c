/**
 * The names an imported zip's files get and which of them are archives themselves (pure; the worker's
 * zip-extract.ts applies it, the main thread's zip-expand.ts picks the run's archives with it).
 */

/** Formats built on zip that are files of their own, not archives to expand. */
const ZIP_BASED = /\.(jar|xlsx|docx|pptx|odt|ods|odp|kmz|3mf)$/i;

/**
 * Whether a file is an archive to expand, by its name: true for ".zip", false for a format built on zip, null when
 * its first bytes decide (`files/zip-header.ts`).
 */
export function isArchiveByName(name: string): boolean | null {
  if (/\.zip$/i.test(name)) return true;
  return ZIP_BASED.test(name) ? false : null;
}

/**
 * Removes the longest folder path all names share: "runs/equil/output/a", "runs/equil/output/ITERS/it.0/b" →
 * "a", "ITERS/it.0/b" (a zip of a whole output folder, however deep it was zipped from). Folders below the shared
 * ones stay; a name at the top of the zip keeps every name as it is.
 */
export function withoutCommonFolders(names: readonly string[]): string[] {
  const folders = names.map((name) => name.split('/').slice(0, -1));
  const first = folders[0] ?? [];
  let depth = 0;
  while (depth < first.length && folders.every((parts) => parts[depth] === first[depth])) depth++;
  return names.map((name) => name.split('/').slice(depth).join('/'));
}
