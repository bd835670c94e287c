/**
 * The storage test suite every blob store passes (issue 30): local-disk.test.ts runs it on a folder, s3-store.test.ts
 * on an S3-compatible server process. A store-specific file adds what only that store has (sharded files, temp files
 * of a crash, multipart aborts).
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobTooLargeError, type BlobStore } from './blob-store.ts';

export interface StoreUnderTest {
  store: BlobStore;
  /** Everything the store keeps (files, objects): a failed write must leave nothing. */
  leftovers(): Promise<string[]>;
}

export async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

const MiB = 1024 * 1024;

/** `bytes` of a repeatable pattern (never the same 64 KiB twice), in 64 KiB chunks, made as it is read. */
export async function* pattern(bytes: number, chunkBytes = 64 * 1024) {
  for (let at = 0, n = 0; at < bytes; at += chunkBytes, n++) {
    const chunk = Buffer.alloc(Math.min(chunkBytes, bytes - at), n % 251);
    chunk.writeUInt32BE(n, 0);
    yield chunk;
  }
}

async function sha256(source: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk);
  return hash.digest('hex');
}

export function blobStoreSuite(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the blob store suite`, () => {
    let t: StoreUnderTest;
    beforeEach(async () => {
      t = await open();
    });

    it('stores, reads, sizes and deletes blobs; a delete of a deleted blob is fine', async () => {
      const { store } = t;
      const blob = await store.put(chunks('hello ', 'world'));
      expect(blob).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), size: 11 });
      expect(await t.leftovers()).toHaveLength(1);
      expect(await text(store.read(blob.key))).toBe('hello world');
      expect(await store.size(blob.key)).toBe(11);
      const empty = await store.put(chunks());
      expect(empty.size).toBe(0);
      expect(await text(store.read(empty.key))).toBe('');
      await store.delete(blob.key);
      await store.delete(blob.key); // gone already: fine
      await expect(text(store.read(blob.key))).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.size(blob.key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await store.delete(empty.key);
      expect(await t.leftovers()).toEqual([]);
    });

    it('reads a byte range in one call, cut at the end of the blob', async () => {
      const { store } = t;
      const blob = await store.put(chunks('0123456789'));
      expect(Buffer.from(await store.readRange(blob.key, 2, 5)).toString()).toBe('234');
      expect(Buffer.from(await store.readRange(blob.key, 8, 20)).toString()).toBe('89');
      expect((await store.readRange(blob.key, 4, 4)).length).toBe(0);
      expect((await store.readRange(blob.key, 12, 20)).length).toBe(0);
      await store.delete(blob.key);
      await expect(store.readRange(blob.key, 0, 1)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.readRange(blob.key, 0, 0)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('keeps nothing of a write that is too large or fails', async () => {
      const { store } = t;
      await expect(store.put(chunks('12345', '67890'), { maxBytes: 8 })).rejects.toBeInstanceOf(BlobTooLargeError);
      async function* broken() {
        yield Buffer.from('partial');
        throw new Error('connection lost');
      }
      await expect(store.put(broken())).rejects.toThrow('connection lost');
      await expect(store.putWith(async (file) => writeFile(file, 'x').then(() => Promise.reject(new Error('writer failed'))))).rejects.toThrow(
        'writer failed',
      );
      expect(await t.leftovers()).toEqual([]);
      expect((await store.put(chunks('12345678'), { maxBytes: 8 })).size).toBe(8);
    });

    it('streams a blob of several parts in and out, ranges across part boundaries, and stops a large write at its limit', async () => {
      const { store } = t;
      const bytes = 11 * MiB + 123;
      const blob = await store.put(pattern(bytes));
      expect(blob.size).toBe(bytes);
      expect(await store.size(blob.key)).toBe(bytes);
      expect(await sha256(store.read(blob.key))).toBe(await sha256(pattern(bytes)));
      // 5 MiB and 8 MiB are where an S3 store's parts meet; the pattern's chunk number is at each 64 KiB.
      for (const at of [5 * MiB, 8 * MiB]) {
        const range = Buffer.from(await store.readRange(blob.key, at - 2, at + 6));
        expect(range.length).toBe(8);
        expect(range.readUInt32BE(2)).toBe(at / (64 * 1024));
      }
      // A reader that stops early (the file viewer's head) ends the read; the store goes on working.
      const reader = store.read(blob.key);
      for await (const chunk of reader) {
        expect((chunk as Buffer).length).toBeGreaterThan(0);
        break;
      }
      expect(reader.destroyed).toBe(true);
      await store.delete(blob.key);
      await expect(store.put(pattern(bytes), { maxBytes: 10 * MiB })).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await t.leftovers()).toEqual([]);
    });

    it('writes through a path for writers that want one', async () => {
      const blob = await t.store.putWith((file) => writeFile(file, 'written by path'));
      expect(blob.size).toBe(15);
      expect(await text(t.store.read(blob.key))).toBe('written by path');
    });

    it('refuses keys that are not its own', async () => {
      const { store } = t;
      await expect(text(store.read('../../etc/passwd'))).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.readRange('../x', 0, 1)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.size('a/b')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.delete('../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
    });
  });
}
