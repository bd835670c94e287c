/**
 * Which folders may be the root directory for runs (issue 23 finding 7). Every signed-in user reads below the root,
 * so it must not be the file system root `/` (etc/shadow), nor a folder that holds DATA_DIR or lies inside it (the
 * installation's keys, the database and every user's stored files). Compared as real paths (symbolic links
 * resolved): when an administrator saves the setting (400) and again whenever the root is used (409), since a
 * setting may predate the rule, and DATA_DIR or a link on the way may change.
 */
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_FILES_MESSAGES as M } from '@corridor/contract';
import { badRequest } from '../../shared/errors.ts';
import { isInside } from './paths.ts';

/** Why `realRoot` cannot be the root directory for runs, or null (both paths real). */
export function rootProblem(realRoot: string, realDataDir: string): string | null {
  if (realRoot === path.parse(realRoot).root) return M.rootIsFileSystemRoot;
  if (isInside(realRoot, realDataDir)) return M.rootHoldsDataDir;
  if (isInside(realDataDir, realRoot)) return M.rootInDataDir;
  return null;
}

/**
 * The real path of an absolute path whose last parts may not exist yet: its nearest existing folder resolved by
 * realpath (a ".." after a link goes where the kernel goes), the missing parts joined to it.
 */
export async function realPathOf(absolute: string): Promise<string> {
  const missing: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    const real = await realpath(current).catch(() => null);
    if (real !== null) return path.join(real, ...missing);
    if (path.dirname(current) === current) return path.resolve(absolute);
    missing.unshift(path.basename(current));
  }
}

/**
 * The check of the setting runImportServerPath when an administrator saves it: 400 with the reason for a root the
 * rules refuse, then for one the server cannot use now (issue 26): missing, not a folder, not readable by the
 * server process. An empty or relative path is stored as it is (using it answers 409 "no root directory").
 */
export async function checkRootSetting(configured: string, dataDir: string): Promise<void> {
  const root = configured.trim();
  if (root === '' || !path.isAbsolute(root)) return;
  const problem = rootProblem(await realPathOf(root), await realPathOf(dataDir));
  if (problem !== null) throw badRequest(problem);
  const unusable = await unusableRoot(root);
  if (unusable !== null) throw badRequest(unusable);
}

/** Why the server process cannot list `root` (an absolute path) now, or null: missing, not a folder, not readable. */
export async function unusableRoot(root: string): Promise<string | null> {
  const stats = await stat(root).catch((err: NodeJS.ErrnoException) => err);
  if (stats instanceof Error) {
    if (stats.code === 'ENOENT' || stats.code === 'ENOTDIR' || stats.code === 'ELOOP') return M.rootNotFound(root);
    return M.rootNotReadable(root);
  }
  if (!stats.isDirectory()) return M.rootNotAFolder(root);
  // Listing needs read, opening the entries needs search (x).
  const readable = await access(root, constants.R_OK | constants.X_OK).then(() => true, () => false);
  return readable ? null : M.rootNotReadable(root);
}
