/**
 * Opening what a client named below the root, then checking what was opened (issue 23 finding 2). Checking a path
 * by name and opening it afterwards loses against a folder swapped for a symbolic link in between (renameat2
 * RENAME_EXCHANGE imported the installation's private key), however often the name is checked again. So the path is
 * opened first, with O_PATH (nothing is read, no device is woken), and the descriptor is checked: the kernel's path
 * of the opened file (`readlink /proc/self/fd/N`) must be the real root or below it and name that very file (same
 * device and inode). Everything read afterwards goes through the checked descriptor, never the name again: a file's
 * bytes (`openForReading`), a folder's names and the entries below it (`fdPath(folder)/<name>`), a zip's central
 * directory (the worker thread opens `fdPath`, the process's descriptors being its own). Linux only
 * (docs/decisions.md): without /proc/self/fd nothing is served (409), rather than checked by name.
 */
import type { Stats } from 'node:fs';
import { constants, type FileHandle, open, readlink, stat } from 'node:fs/promises';
import { SERVER_FILES_MESSAGES as M } from '@corridor/contract';
import { badRequest, conflict } from '../../shared/errors.ts';
import { isInside } from './paths.ts';

/** Linux's O_PATH (node:fs has no name for it): a descriptor that only names the file. */
const O_PATH = 0o10000000;

/** A file or folder opened below the root and checked. */
export interface Opened {
  handle: FileHandle;
  stats: Stats;
}

/** A path that leads to the opened file itself (or, with "/name", to a name inside the opened folder). */
export const fdPath = (handle: FileHandle) => `/proc/self/fd/${handle.fd}`;

/**
 * Opens `target` (following symbolic links) and checks that what was opened is below `realRoot`; 400 "outside the
 * root" otherwise, 409 without /proc. Errors of the open itself (ENOENT, ENOTDIR, ELOOP, …) are thrown as they are.
 * The caller closes `handle`.
 */
export async function openInside(realRoot: string, target: string): Promise<Opened> {
  const handle = await open(target, O_PATH);
  try {
    return { handle, stats: await checkOpened(realRoot, handle) };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/** The opened file's stats, once the kernel's path of it is checked to be below the root. */
async function checkOpened(realRoot: string, handle: FileHandle): Promise<Stats> {
  const real = await readlink(fdPath(handle)).catch(() => null);
  if (real === null) throw conflict(M.uncheckable);
  // Not below the root: refused. Below it, the name must still lead to this file (not " (deleted)", not replaced).
  if (!real.startsWith('/') || !isInside(realRoot, real)) throw badRequest(M.outside);
  const [stats, named] = await Promise.all([handle.stat(), stat(real).catch(() => null)]);
  if (named === null || named.dev !== stats.dev || named.ino !== stats.ino) throw badRequest(M.outside);
  return stats;
}

/** The opened regular file for reading (the same file: reopened through its descriptor); `opened` is closed. */
export async function openForReading(opened: Opened): Promise<FileHandle> {
  try {
    return await open(fdPath(opened.handle), constants.O_RDONLY | constants.O_NOCTTY);
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}
