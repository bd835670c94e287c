/**
 * Opening a file a client named below the root, after `resolve` checked its real path (service.ts). O_NOFOLLOW
 * covers only the last part of the path: a folder on the way swapped for a symbolic link between the check and the
 * open would still be followed. So the opened file must be the one the path leads to when it is resolved afresh
 * inside the root (same device and inode, fstat against stat of the new realpath); otherwise it is refused as
 * leading outside the root. Portable (no /proc, no openat2).
 */
import type { BigIntStats } from 'node:fs';
import { constants, type FileHandle, open, realpath, stat } from 'node:fs/promises';
import { SERVER_FILES_MESSAGES as M } from '@corridor/contract';
import { badRequest } from '../../shared/errors.ts';
import { isInside } from './paths.ts';

type FileIdentity = Pick<BigIntStats, 'dev' | 'ino'>;

/** Opens `real` (a real path checked to be below `realRoot`) for reading; 400 "outside the root" when it moved. */
export async function openInside(realRoot: string, real: string): Promise<FileHandle> {
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW).catch((err: NodeJS.ErrnoException) => {
    // The last part is a symbolic link now, though the checked real path had none.
    if (err.code === 'ELOOP') throw badRequest(M.outside);
    throw err;
  });
  try {
    await checkOpened(realRoot, real, await handle.stat({ bigint: true }));
    return handle;
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/** Throws 400 "outside the root" unless `real`, resolved again, is inside the root and is the file `opened`. */
export async function checkOpened(realRoot: string, real: string, opened: FileIdentity): Promise<void> {
  const again = await realpath(real).catch(() => null);
  const now = again !== null && isInside(realRoot, again) ? await stat(again, { bigint: true }).catch(() => null) : null;
  if (now === null || now.dev !== opened.dev || now.ino !== opened.ino) throw badRequest(M.outside);
}
