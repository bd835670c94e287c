/**
 * Where file contents live. The database keeps names, tags and usages; a blob store keeps the bytes under opaque
 * keys. Every write is all-or-nothing: a blob key is handed out only once its bytes are complete and durable,
 * so a database row can never point at half a file. Today the store is a local folder (local-disk.ts); an
 * S3-compatible store can implement the same interface.
 */
import type { Readable } from 'node:stream';

export interface StoredBlob {
  key: string;
  size: number;
}

export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface PutOptions {
  /** The write fails with BlobTooLargeError as soon as more bytes than this arrive; nothing is kept. */
  maxBytes?: number;
}

export interface BlobStore {
  /** Streams the source into a new blob. */
  put(source: ByteSource, options?: PutOptions): Promise<StoredBlob>;
  /** A new blob written by a function that wants a file path (writers that write atomically themselves). */
  putWith(write: (path: string) => Promise<void>): Promise<StoredBlob>;
  /** The blob's bytes; the stream errors with BlobNotFoundError when the blob does not exist. */
  read(key: string): Readable;
  /** Bytes [start, end) of the blob (clipped to its size), in one read: a time window of vehicle data. */
  readRange(key: string, start: number, end: number): Promise<Uint8Array>;
  /** The blob as a local file, for engines that read files themselves (DuckDB); null when the store has none. */
  localPath?(key: string): string | null;
  size(key: string): Promise<number>;
  /** Removing a blob that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The blob is larger than ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob ${key}.`);
    this.name = 'BlobNotFoundError';
  }
}

/**
 * Deletes the blobs one after another. A blob that cannot be removed does not stop the others: it is handed to
 * onLeak (the caller logs it) and left behind.
 */
export async function removeBlobs(blobs: BlobStore, keys: readonly string[], onLeak: (key: string, err: unknown) => void): Promise<void> {
  for (const key of keys) {
    try {
      await blobs.delete(key);
    } catch (err) {
      onLeak(key, err);
    }
  }
}
