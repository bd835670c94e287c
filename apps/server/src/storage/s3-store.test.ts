import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { objectsUnder, startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { blobStoreSuite, chunks, pattern } from './blob-store.suite.ts';
import { S3BlobStore, s3ClientFor, type S3StoreOptions } from './s3-store.ts';

let server: TestS3Server;
let tempRoot: string;
let client: S3Client;
let stores = 0;
beforeAll(async () => {
  server = await startS3Server();
  client = s3ClientFor(server.storage());
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
});
beforeEach(async () => {
  tempRoot = await mkdtemp(path.join(tmpdir(), 'corridor-s3-temp-'));
});
afterEach(() => rm(tempRoot, { recursive: true, force: true }));

/** A store under a prefix of its own in the one bucket; parts of 5 MiB (S3's smallest) so 11 MiB makes three. */
async function openStore(options: Partial<S3StoreOptions> = {}) {
  const prefix = `t${++stores}/`;
  const store = await S3BlobStore.open({ client, bucket: server.bucket, prefix, tempDir: path.join(tempRoot, 'uploads'), partBytes: 5 * 1024 * 1024, ...options });
  return { store, prefix };
}

// Every object under the store's prefix, and every temp file putWith left on the disk.
blobStoreSuite('S3BlobStore (s3rver)', async () => {
  const { store, prefix } = await openStore();
  return {
    store,
    leftovers: async () => [...(await objectsUnder(client, server.bucket, prefix)), ...(await readdir(path.join(tempRoot, 'uploads')))],
  };
});

describe('S3BlobStore', () => {
  it('keeps a blob as one object under the prefix; small blobs in one PutObject, large ones in parts', async () => {
    const sent: string[] = [];
    const watched = s3ClientFor(server.storage());
    // Observes the requests the store makes (the commands go to the real server unchanged).
    watched.middlewareStack.add((next, context) => (args) => {
      sent.push(context.commandName!);
      return next(args);
    });
    try {
      const { store, prefix } = await openStore({ client: watched });
      sent.length = 0;
      const small = await store.put(chunks('small'));
      expect(await objectsUnder(client, server.bucket, prefix)).toEqual([`${prefix}${small.key}`]);
      expect(sent).toEqual(['PutObjectCommand']);
      sent.length = 0;
      await store.put(pattern(11 * 1024 * 1024));
      expect(sent.filter((name) => name !== 'UploadPartCommand')).toEqual(['CreateMultipartUploadCommand', 'CompleteMultipartUploadCommand']);
      expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    } finally {
      watched.destroy();
    }
  });

  it('aborts the multipart upload of a failed write and throws the write\'s own error when the server refuses the abort', async () => {
    const sent: string[] = [];
    const refused: { key: string; uploadId: string; err: unknown }[] = [];
    const watched = s3ClientFor(server.storage());
    watched.middlewareStack.add((next, context) => (args) => {
      sent.push(context.commandName!);
      return next(args);
    });
    try {
      const { store, prefix } = await openStore({ client: watched, onAbortFailure: (upload, err) => refused.push({ ...upload, err }) });
      async function* brokenAfterTwoParts() {
        yield* pattern(11 * 1024 * 1024);
        throw new Error('connection lost');
      }
      await expect(store.put(brokenAfterTwoParts())).rejects.toThrow('connection lost');
      expect(sent).toContain('AbortMultipartUploadCommand');
      // s3rver has no AbortMultipartUpload (405): the refusal is reported, not thrown over the write's error.
      // Real S3 and MinIO remove the parts; with s3rver they stay in its upload folder, never as an object.
      expect(refused).toEqual([{ key: expect.stringMatching(new RegExp(`^${prefix}[0-9a-f]{32}$`)), uploadId: expect.any(String), err: expect.anything() }]);
      expect(await objectsUnder(client, server.bucket, prefix)).toEqual([]);
    } finally {
      watched.destroy();
    }
  });

  it('refuses to open on a bucket that does not exist, naming it', async () => {
    await expect(S3BlobStore.open({ client, bucket: 'no-such-bucket', prefix: '', tempDir: path.join(tempRoot, 'x') })).rejects.toThrow(
      /^The bucket no-such-bucket of STORAGE_URL cannot be used: NotFound, HTTP 404/,
    );
  });
});
