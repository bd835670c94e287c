import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobTooLargeError } from './blob-store.ts';
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

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('LocalDiskBlobStore', () => {
  it('stores, reads, sizes and deletes blobs under sharded keys', async () => {
    const store = await LocalDiskBlobStore.open(root);
    const blob = await store.put(chunks('hello ', 'world'));
    expect(blob).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), size: 11 });
    expect(await filesIn(root)).toEqual([path.join(blob.key.slice(0, 2), `${blob.key}.bin`)]);
    expect(await text(store.read(blob.key))).toBe('hello world');
    expect(await store.size(blob.key)).toBe(11);
    await store.delete(blob.key);
    await store.delete(blob.key); // gone already: fine
    await expect(text(store.read(blob.key))).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.size(blob.key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('reads a byte range in one call, cut at the end of the blob', async () => {
    const store = await LocalDiskBlobStore.open(root);
    const blob = await store.put(chunks('0123456789'));
    expect(Buffer.from(await store.readRange(blob.key, 2, 5)).toString()).toBe('234');
    expect(Buffer.from(await store.readRange(blob.key, 8, 20)).toString()).toBe('89');
    expect((await store.readRange(blob.key, 4, 4)).length).toBe(0);
    await store.delete(blob.key);
    await expect(store.readRange(blob.key, 0, 1)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('keeps nothing of a write that is too large or fails', async () => {
    const store = await LocalDiskBlobStore.open(root);
    await expect(store.put(chunks('12345', '67890'), { maxBytes: 8 })).rejects.toBeInstanceOf(BlobTooLargeError);
    async function* broken() {
      yield Buffer.from('partial');
      throw new Error('connection lost');
    }
    await expect(store.put(broken())).rejects.toThrow('connection lost');
    await expect(store.putWith(async (file) => writeFile(file, 'x').then(() => Promise.reject(new Error('writer failed'))))).rejects.toThrow(
      'writer failed',
    );
    expect(await filesIn(root)).toEqual([]);
    expect((await store.put(chunks('12345678'), { maxBytes: 8 })).size).toBe(8);
  });

  it('writes through a path for writers that want one, and clears temp files of a crash on open', async () => {
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    await writeFile(path.join(root, '.tmp', 'left-over'), 'half a file');
    const store = await LocalDiskBlobStore.open(root);
    expect(await filesIn(root)).toEqual([]);
    const blob = await store.putWith((file) => writeFile(file, 'written by path'));
    expect(blob.size).toBe(15);
    expect(await text(store.read(blob.key))).toBe('written by path');
  });

  it('refuses keys that are not its own', async () => {
    const store = await LocalDiskBlobStore.open(root);
    await expect(text(store.read('../../etc/passwd'))).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});
