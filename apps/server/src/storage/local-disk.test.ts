import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobStoreSuite, chunks } from './blob-store.suite.ts';
import { LocalDiskBlobStore } from './local-disk.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'corridor-blobs-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

// Every file under the root, temp files included.
blobStoreSuite('LocalDiskBlobStore', async () => ({ store: await LocalDiskBlobStore.open(root), leftovers: () => filesIn(root) }));

describe('LocalDiskBlobStore', () => {
  it('keeps a blob as one file under a sharded folder, with its local path for DuckDB', async () => {
    const store = await LocalDiskBlobStore.open(root);
    const blob = await store.put(chunks('hello ', 'world'));
    const file = path.join(blob.key.slice(0, 2), `${blob.key}.bin`);
    expect(await filesIn(root)).toEqual([file]);
    expect(store.localPath(blob.key)).toBe(path.join(root, file));
    expect(store.localPath('../x')).toBeNull();
  });

  it('clears temp files of a crash on open, but not those another server on the same folder is writing now', async () => {
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    await writeFile(path.join(root, '.tmp', 'left-over'), 'half a file');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(path.join(root, '.tmp', 'left-over'), twoDaysAgo, twoDaysAgo);
    await writeFile(path.join(root, '.tmp', 'being-written'), 'half a file');
    await LocalDiskBlobStore.open(root);
    expect(await filesIn(root)).toEqual(['.tmp/being-written']);
  });
});
