/**
 * Everything a reader accepts, and the one place that turns it into decompressed bytes. Compression is detected
 * by content (gzip and zstd magic numbers), never by file name, so a mislabelled upload still reads.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Decompress } from 'fzstd';
import { MatsimFormatError } from '../errors.ts';

/** A file path, bytes, or a stream/iterable of byte chunks. */
export type Input = string | Uint8Array | AsyncIterable<Uint8Array> | Readable;

export type Compression = 'gzip' | 'zstd' | 'none';

const CHUNK = 1 << 16;

export function detectCompression(head: Uint8Array): Compression {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 4 && head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return 'zstd';
  return 'none';
}

async function* rawChunks(input: Input): AsyncGenerator<Uint8Array> {
  if (typeof input === 'string') {
    yield* createReadStream(input, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>;
  } else if (input instanceof Uint8Array) {
    yield input;
  } else {
    yield* input as AsyncIterable<Uint8Array>;
  }
}

async function* gunzip(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = createGunzip({ chunkSize: CHUNK });
  const feed = (async () => {
    try {
      if (!inflater.write(first)) await onceDrain(inflater);
      for (let next = await rest.next(); !next.done; next = await rest.next()) {
        if (!inflater.write(next.value)) await onceDrain(inflater);
      }
      inflater.end();
    } catch (error) {
      inflater.destroy(error as Error);
    }
  })();
  try {
    for await (const chunk of inflater as AsyncIterable<Uint8Array>) yield chunk;
  } catch (error) {
    throw compressionError('gzip', error);
  } finally {
    inflater.destroy();
    await feed;
  }
}

function onceDrain(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => { cleanup(); resolve(); };
    const onError = (error: Error) => { cleanup(); reject(error); };
    const onClose = () => { cleanup(); resolve(); };
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

async function* unzstd(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  const decoder = new Decompress((chunk) => out.push(chunk));
  const push = (chunk: Uint8Array, final = false) => {
    try {
      decoder.push(chunk, final);
    } catch (error) {
      throw compressionError('zstd', error);
    }
  };
  push(first);
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    push(next.value);
    if (out.length) {
      yield* out;
      out = [];
    }
  }
  push(new Uint8Array(0), true);
  yield* out;
}

function compressionError(kind: 'gzip' | 'zstd', error: unknown): MatsimFormatError {
  const message = error instanceof Error ? error.message : String(error);
  const truncated = /unexpected end|end of file|\bEOF\b|truncated|premature/i.test(message); // fzstd: "unexpected EOF"
  return new MatsimFormatError(
    truncated ? 'truncated' : 'corrupt-compression',
    truncated ? `The ${kind} data ends early: the file is truncated.` : `The ${kind} data is damaged: ${message}`,
  );
}

/** The decompressed content of an input, as byte chunks. */
export async function* openInput(input: Input): AsyncGenerator<Uint8Array> {
  const source = rawChunks(input)[Symbol.asyncIterator]();
  let first = await source.next();
  while (!first.done && first.value.length === 0) first = await source.next();
  if (first.done) return;
  // A magic number split over two tiny chunks is not worth handling: file and zlib chunks are large.
  switch (detectCompression(first.value)) {
    case 'gzip':
      yield* gunzip(first.value, source);
      return;
    case 'zstd':
      yield* unzstd(first.value, source);
      return;
    default:
      yield first.value;
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  }
}

/** The first `maxBytes` decompressed bytes (or fewer, for a short input). Used for sniffing. */
export async function readHead(input: Input, maxBytes = 64 * 1024): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  const chunks = openInput(input);
  try {
    for await (const chunk of chunks) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) break;
    }
  } finally {
    await chunks.return(undefined);
  }
  return concat(parts, Math.min(size, maxBytes));
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    const take = Math.min(part.length, size - offset);
    out.set(part.subarray(0, take), offset);
    offset += take;
    if (offset >= size) break;
  }
  return out;
}

/** Decompressed content as text chunks (UTF-8, split multi-byte characters handled). */
export async function* openText(input: Input): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of openInput(input)) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}
