/**
 * A store's temp folder at open: made if missing, and emptied of what a crash left — only entries not touched for
 * STALE_TEMP_MS, since another server process on the same DATA_DIR (issue 30, several servers) may be writing there
 * right now.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

export async function openTempDir(dir: string, now = Date.now()): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    const entry = path.join(dir, name);
    const info = await stat(entry).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(entry, { recursive: true, force: true });
  }
}
