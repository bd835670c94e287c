/**
 * The tests' object storage: a real S3-compatible server (s3rver, s3-server-process.mjs) in a child process on a
 * free loopback port, its objects in a temporary folder, so the S3 blob store talks HTTP and SigV4 to it as it would
 * to MinIO or AWS. s3rver knows multipart uploads and ranged GETs, not AbortMultipartUpload (the store reports that
 * refusal; see s3-store.test.ts). Used by the storage tests and by bench/storage-s3.ts.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../src/config.ts';

const SCRIPT = fileURLToPath(new URL('./s3-server-process.mjs', import.meta.url));

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The server's environment for this bucket under `prefix` (STORAGE_URL, S3_ENDPOINT, keys). */
  env(prefix?: string): Record<string, string>;
  /** The store's configuration for this bucket under `prefix`, as loadConfig makes it from env(prefix). */
  storage(prefix?: string): S3StorageConfig;
  /** The process, for measuring it (pid). */
  pid: number;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'corridor'): Promise<TestS3Server> {
  const dir = await mkdtemp(path.join(tmpdir(), 'corridor-s3-'));
  const child = fork(SCRIPT, [dir, bucket], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the test S3 server exited (${code}) before it listened`)));
    child.on('message', (message: { type: string; port: number }) => {
      if (message.type === 'ready') resolve(message.port);
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    pid: child.pid!,
    env: (prefix = 'blobs') => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    storage: (prefix = 'blobs') => ({
      kind: 's3',
      bucket,
      prefix: prefix ? `${prefix}/` : '',
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    async close() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The object names under `prefix` a bucket user sees (uploads in progress or abandoned are not objects). */
export async function objectsUnder(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) names.push(object.Key!);
    token = page.NextContinuationToken;
  } while (token);
  return names.sort();
}
