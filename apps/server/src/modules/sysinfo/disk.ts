/**
 * DATA_DIR on disk: the bytes Corridor keeps there and the free/total space of its filesystem. The walk reads a few
 * directories and files at a time (not one after the other, not all at once), and System Information reuses its
 * answer for a minute (DirectoryBytesCache), so reloading the page does not walk a large DATA_DIR again.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir, statfs } from 'node:fs/promises';
import path from 'node:path';

/** Directory reads or file stats under way at once during a walk. */
const WALK_CONCURRENCY = 8;
export const DIRECTORY_BYTES_TTL_MS = 60_000;

/** Bytes of all regular files under `dir` (symbolic links are not followed); 0 when it does not exist. */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  let level = [dir];
  while (level.length > 0) {
    const below: string[] = [];
    const files: string[] = [];
    await eachLimited(level, async (parent) => {
      const entries = await readdir(parent, { withFileTypes: true }).catch((): Dirent[] => []);
      for (const entry of entries) {
        const full = path.join(parent, entry.name);
        if (entry.isDirectory()) below.push(full);
        else if (entry.isFile()) files.push(full);
      }
    });
    await eachLimited(files, async (file) => {
      // Not `total += await …`: that would read `total` before the wait and lose the other workers' sizes.
      const size = await lstat(file).then((s) => s.size, () => 0);
      total += size;
    });
    level = below;
  }
  return total;
}

/** Runs `work` on every item, at most WALK_CONCURRENCY at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WALK_CONCURRENCY, items.length) }, worker));
}

/** directoryBytes of one folder, walked again only when the last walk began DIRECTORY_BYTES_TTL_MS ago or more. */
export class DirectoryBytesCache {
  private last: { at: number; bytes: Promise<number> } | null = null;

  constructor(
    private readonly dir: string,
    private readonly now: () => Date,
  ) {}

  /** Callers during a walk share it. */
  bytes(): Promise<number> {
    const at = this.now().getTime();
    if (!this.last || at - this.last.at >= DIRECTORY_BYTES_TTL_MS || at < this.last.at) {
      this.last = { at, bytes: directoryBytes(this.dir) };
    }
    return this.last.bytes;
  }
}

export async function filesystemSpace(dir: string): Promise<{ freeBytes: number; totalBytes: number }> {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}
