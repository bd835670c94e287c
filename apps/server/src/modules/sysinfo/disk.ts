/** DATA_DIR on disk: the bytes Corridor keeps there and the free/total space of its filesystem. */
import { lstat, readdir, statfs } from 'node:fs/promises';
import path from 'node:path';

/** Bytes of all regular files under `dir` (symbolic links are not followed); 0 when it does not exist. */
export async function directoryBytes(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directoryBytes(full);
    else if (entry.isFile()) total += await lstat(full).then((s) => s.size, () => 0);
  }
  return total;
}

export async function filesystemSpace(dir: string): Promise<{ freeBytes: number; totalBytes: number }> {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}
