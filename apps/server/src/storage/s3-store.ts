/**
 * Blobs as objects in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix): `prefix/abcdef…` (the same opaque
 * 32-hex keys as the local store). Uploads stream in parts (a few parts in memory at most, never the whole blob); a
 * blob key is handed out only after the object is complete (PutObject or CompleteMultipartUpload answered), and a
 * write that fails aborts its multipart upload, so a database row never points at a partial object and no parts are
 * kept. Reads stream a GET; ranges are ranged GETs; sizes are HEADs. Writers that want a file path write into a
 * temp folder on the server's disk first (`putWith`).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.ts';
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
const MiB = 1024 * 1024;
/** S3's smallest part (all but the last); parts grow past the first thousand so 10,000 parts reach far. */
export const MIN_PART_BYTES = 5 * MiB;
const DEFAULT_PART_BYTES = 8 * MiB;
const DEFAULT_PARTS_IN_FLIGHT = 2;
const MAX_PARTS = 10_000;

export interface S3StoreOptions {
  client: S3Client;
  bucket: string;
  /** '' or a prefix ending in '/'. */
  prefix: string;
  /** Where putWith's writers write before the upload (on the server's disk); emptied on open. */
  tempDir: string;
  /** Size of the first thousand parts (then doubled every thousand); at least 5 MiB. Default 8 MiB. */
  partBytes?: number;
  /** Parts uploaded at the same time while the source is read on; default 2. */
  partsInFlight?: number;
  /**
   * A failed write's multipart upload could not be aborted: its parts stay in the bucket (invisible as objects)
   * until a lifecycle rule (AbortIncompleteMultipartUpload) removes them. The write's own error is thrown anyway.
   */
  onAbortFailure?: (upload: { key: string; uploadId: string }, err: unknown) => void;
}

/** The SDK client for the configured bucket. */
export function s3ClientFor(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    // Absent: the SDK's own chain (profile, web identity, container or instance role).
    credentials: config.credentials ?? undefined,
    // S3-compatible servers do not all know the SDK's default CRC checksums; send them only where S3 requires them.
    ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    requestHandler: { connectionTimeout: 10_000 },
  });
}

export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly tempDir: string;
  private readonly partBytes: number;
  private readonly partsInFlight: number;
  private readonly onAbortFailure: NonNullable<S3StoreOptions['onAbortFailure']>;

  private constructor(options: S3StoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.tempDir = options.tempDir;
    this.partBytes = Math.max(MIN_PART_BYTES, options.partBytes ?? DEFAULT_PART_BYTES);
    this.partsInFlight = Math.max(1, options.partsInFlight ?? DEFAULT_PARTS_IN_FLIGHT);
    this.onAbortFailure = options.onAbortFailure ?? (() => {});
  }

  /** Checks that the bucket answers (a wrong name, endpoint or key fails the start, not the first upload). */
  static async open(options: S3StoreOptions): Promise<S3BlobStore> {
    const store = new S3BlobStore(options);
    await openTempDir(store.tempDir);
    try {
      await store.client.send(new HeadBucketCommand({ Bucket: store.bucket }));
    } catch (err) {
      throw new Error(`The bucket ${store.bucket} of STORAGE_URL cannot be used: ${describe(err)}`, { cause: err });
    }
    return store;
  }

  async put(source: ByteSource, options: PutOptions = {}): Promise<StoredBlob> {
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const key = randomUUID().replaceAll('-', '');
    const Key = this.objectKey(key);
    const Bucket = this.bucket;
    let uploadId: string | null = null;
    const parts: CompletedPart[] = [];
    const inFlight: Promise<void>[] = [];
    let partNumber = 1;
    let part = Buffer.allocUnsafe(this.partSize(partNumber));
    let filled = 0;
    let size = 0;

    const sendPart = async () => {
      if (partNumber > MAX_PARTS) throw new Error(`The blob needs more than ${MAX_PARTS} parts.`);
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId ?? null;
      if (!uploadId) throw new Error('The object store started a multipart upload without an upload id.');
      if (inFlight.length >= this.partsInFlight) await inFlight.shift();
      const PartNumber = partNumber;
      const Body = filled === part.length ? part : part.subarray(0, filled);
      const sent = this.client
        .send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body, ContentLength: Body.length }))
        .then((answer) => {
          if (!answer.ETag) throw new Error(`The object store kept part ${PartNumber} without an ETag.`);
          parts.push({ PartNumber, ETag: answer.ETag });
        });
      // Awaited later (or settled on failure); marked handled so a part failing meanwhile is not an unhandled rejection.
      sent.catch(() => {});
      inFlight.push(sent);
      partNumber += 1;
      part = Buffer.allocUnsafe(this.partSize(partNumber));
      filled = 0;
    };

    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > limit) throw new BlobTooLargeError(limit);
        let offset = 0;
        while (offset < chunk.length) {
          const n = Math.min(chunk.length - offset, part.length - filled);
          part.set(chunk.subarray(offset, offset + n), filled);
          filled += n;
          offset += n;
          if (filled === part.length) await sendPart();
        }
      }
      if (uploadId === null) {
        // Smaller than one part: one PutObject.
        const Body = part.subarray(0, filled);
        await this.client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.length }));
      } else {
        if (filled > 0) await sendPart();
        await Promise.all(inFlight);
        parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
        await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      }
      return { key, size };
    } catch (err) {
      await Promise.allSettled(inFlight);
      if (uploadId !== null) await this.abort(Key, uploadId);
      throw err;
    }
  }

  async putWith(write: (path: string) => Promise<void>): Promise<StoredBlob> {
    const temp = path.join(this.tempDir, randomUUID());
    try {
      await write(temp);
      return await this.put(createReadStream(temp, { highWaterMark: MiB }));
    } finally {
      await rm(temp, { force: true });
    }
  }

  read(key: string): Readable {
    const out = new PassThrough();
    if (!KEY_PATTERN.test(key)) return out.destroy(new BlobNotFoundError(key));
    // A reader that stops early (a sniffer or the file viewer reading the head) ends the GET.
    const stop = new AbortController();
    out.on('close', () => stop.abort());
    this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }), { abortSignal: stop.signal }).then(
      (answer) => {
        const body = answer.Body as Readable;
        if (out.destroyed) return body.destroy();
        body.on('error', (err) => out.destroy(err));
        out.on('close', () => body.destroy());
        body.pipe(out);
      },
      (err: unknown) => out.destroy(isMissing(err) ? new BlobNotFoundError(key) : (err as Error)),
    );
    return out;
  }

  async readRange(key: string, start: number, end: number): Promise<Uint8Array> {
    const Key = this.objectKey(key);
    if (end <= start) {
      await this.size(key);
      return new Uint8Array(0);
    }
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key, Range: `bytes=${start}-${end - 1}` }));
      const bytes = await answer.Body!.transformToByteArray();
      // A server that ignored the Range header sent the whole object.
      return answer.ContentRange ? bytes : bytes.subarray(start, end);
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      // The range starts past the end: nothing there, as a file read past its end.
      if (statusOf(err) === 416) return new Uint8Array(0);
      throw err;
    }
  }

  async size(key: string): Promise<number> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return answer.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }

  private partSize(partNumber: number): number {
    return this.partBytes * 2 ** Math.floor((partNumber - 1) / 1000);
  }

  private async abort(Key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId }));
    } catch (err) {
      this.onAbortFailure({ key: Key, uploadId }, err);
    }
  }

  private objectKey(key: string): string {
    // Keys come from the database, but an object name is built from them: refuse anything that is not ours.
    if (!KEY_PATTERN.test(key)) throw new BlobNotFoundError(key);
    return `${this.prefix}${key}`;
  }
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** A missing object (not a missing bucket: that is the configuration's fault and stays an error). */
function isMissing(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(err) === 404 && name !== 'NoSuchBucket');
}

function describe(err: unknown): string {
  const status = statusOf(err);
  const name = (err as { name?: string } | null)?.name ?? 'Error';
  const message = err instanceof Error && err.message && err.message !== 'UnknownError' ? err.message : '';
  return [name, status ? `HTTP ${status}` : '', message].filter(Boolean).join(', ');
}
