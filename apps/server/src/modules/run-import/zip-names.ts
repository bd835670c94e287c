/**
 * The names an imported zip's files get: their path inside the zip, "/" separated, without the folders every file
 * shares (pure; the worker's zip-extract.ts applies it).
 */

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
