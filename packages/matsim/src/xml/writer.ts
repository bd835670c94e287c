/**
 * Streaming XML output: writers produce text chunks (an async or sync iterable of strings) and `writeOutput`
 * sends them to a file, optionally gzip-compressed, atomically (temp name, fsync, rename). The Node-free text
 * helpers (escaping, prolog, DOCTYPE) are in `markup.ts`, re-exported here.
 */
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { TextChunks } from './markup.ts';

export * from './markup.ts';

export interface WriteOutputOptions {
  gzip?: boolean;
  /** zlib's compression level with `gzip` (default 6, as Java's GZIPOutputStream). */
  level?: number;
}

/** Writes text chunks to `path` atomically; with `gzip` the file is gzip-compressed. */
export async function writeOutput(path: string, chunks: TextChunks, options: WriteOutputOptions = {}): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${Date.now()}`;
  try {
    const source = Readable.from(batch(chunks), { objectMode: false });
    const sink = createWriteStream(temp);
    if (options.gzip) await pipeline(source, createGzip({ level: options.level }), sink);
    else await pipeline(source, sink);
    const handle = await open(temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Joins small chunks into ~64 KiB buffers so a writer can yield per element without per-chunk stream cost. */
async function* batch(chunks: TextChunks): AsyncGenerator<Buffer> {
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    if (pending.length >= 1 << 16) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending) yield Buffer.from(pending, 'utf8');
}
