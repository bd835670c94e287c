/**
 * Blobs as files under one folder (DATA_DIR/files): `ab/abcdef….bin`, spread over 256 subfolders. A blob is
 * written under `.tmp/`, fsynced, then renamed into place, so a crash leaves either the whole blob or a temp file
 * that the next start removes — never a partial blob under a real key.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  type BlobStore,
  type ByteSource,
  type PutOptions,
  type StoredBlob,
} from './blob-store.ts';
import { openTempDir } from './temp-dir.ts';

const KEY_PATTERN = /^[0-9a-f]{32}$/;

export class LocalDiskBlobStore implements BlobStore {
  private readonly tempDir: string;

  private constructor(private readonly root: string) {
    this.tempDir = path.join(root, '.tmp');
  }

  /** Opens the store, removing temp files a crash may have left. */
  static async open(root: string): Promise<LocalDiskBlobStore> {
    const store = new LocalDiskBlobStore(root);
    await openTempDir(store.tempDir);
    return store;
  }

  async put(source: ByteSource, options: PutOptions = {}): Promise<StoredBlob> {
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    return this.putWith(async (temp) => {
      // The file is open before the first byte is read, so a failing source can never race its creation.
      const handle = await open(temp, 'wx');
      try {
        let size = 0;
        for await (const chunk of source) {
          size += chunk.length;
          if (size > limit) throw new BlobTooLargeError(limit);
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
    });
  }

  async putWith(write: (path: string) => Promise<void>): Promise<StoredBlob> {
    const key = randomUUID().replaceAll('-', '');
    const temp = path.join(this.tempDir, key);
    try {
      await write(temp);
      const size = await syncFile(temp);
      const target = this.pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
      await syncDir(path.dirname(target));
      return { key, size };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  localPath(key: string): string | null {
    return KEY_PATTERN.test(key) ? this.pathOf(key) : null;
  }

  read(key: string): Readable {
    const out = new PassThrough();
    if (!KEY_PATTERN.test(key)) return out.destroy(new BlobNotFoundError(key));
    const source = createReadStream(this.pathOf(key));
    source.on('error', (err: NodeJS.ErrnoException) =>
      out.destroy(err.code === 'ENOENT' ? new BlobNotFoundError(key) : err),
    );
    // A reader that stops early (a sniffer reading the head) must not leave the file open.
    out.on('close', () => source.destroy());
    return source.pipe(out);
  }

  async readRange(key: string, start: number, end: number): Promise<Uint8Array> {
    const length = Math.max(0, end - start);
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw err;
    }
    try {
      const bytes = new Uint8Array(length);
      let filled = 0;
      // One read in practice; a short read (end past the blob's end, or the OS splitting it) is continued or cut.
      while (filled < length) {
        const { bytesRead } = await handle.read(bytes, filled, length - filled, start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled === length ? bytes : bytes.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  async size(key: string): Promise<number> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    // Keys come from the database, but a path is built from them: refuse anything that is not ours.
    if (!KEY_PATTERN.test(key)) throw new BlobNotFoundError(key);
    return path.join(this.root, key.slice(0, 2), `${key}.bin`);
  }
}

async function syncFile(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/** The rename is durable only once the directory entry is on disk too. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on directories; the file itself is synced already.
  } finally {
    await handle.close();
  }
}
