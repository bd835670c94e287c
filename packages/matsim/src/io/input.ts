/**
 * Everything a reader accepts, and the one place that turns it into decompressed bytes. Compression is detected
 * by content (gzip and zstd magic numbers), never by file name, so a mislabelled upload still reads.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip, type ZlibOptions } from 'node:zlib';
import { Decompress } from 'fzstd';
import { MatsimFormatError } from '../errors.ts';
import { ZstdBlockSplitter } from './zstd-frames.ts';

/** A file path, bytes, or a stream/iterable of byte chunks. */
export type Input = string | Uint8Array | AsyncIterable<Uint8Array> | Readable;

export type Compression = 'gzip' | 'zstd' | 'none';

export interface InputOptions {
  /**
   * The most decompressed bytes to produce. One byte more fails with a MatsimFormatError `too-large`, thrown
   * from inside the decompressor, so a small compressed file that expands to gigabytes (a "bomb") costs no more
   * than this bound. Uncompressed input counts too. Default: no bound.
   */
  maxBytes?: number;
}

const CHUNK = 1 << 16;
const INFLATE_CHUNK = 4 * CHUNK;

export function detectCompression(head: Uint8Array): Compression {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 4 && head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return 'zstd';
  return 'none';
}

async function* rawChunks(input: Input): AsyncGenerator<Uint8Array> {
  if (typeof input === 'string') {
    yield* createReadStream(input, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>;
  } else if (input instanceof Uint8Array) {
    // Bytes in memory go on in the file's chunk size, so every reader streams them exactly as it streams a file
    // (one chunk of the whole input would be decoded into one string and parsed in one step: slower, and all of
    // its results held at once). Subarrays share the bytes: nothing is copied.
    for (let at = 0; at < input.length; at += CHUNK) yield input.subarray(at, at + CHUNK);
  } else {
    yield* input as AsyncIterable<Uint8Array>;
  }
}

async function* gunzip(first: Uint8Array, rest: AsyncIterator<Uint8Array>, bound: ByteBound): AsyncGenerator<Uint8Array> {
  // zlib inflates on the libuv thread pool, in parallel with the caller's parsing. Its main-thread share is per
  // output chunk (callbacks, stream buffering, one promise per chunk taken), so it writes chunks of 256 KiB, handed
  // on in CHUNK pieces; and its readable buffer lets it run ahead by a few of those while the caller parses.
  // Its readable side is in object mode: `read()` then hands out the chunks one by one, where in byte mode it
  // concatenates (copies) everything buffered into one.
  const inflater = createGunzip({ chunkSize: INFLATE_CHUNK, readableObjectMode: true, readableHighWaterMark: 4 } as ZlibOptions);
  const feed = (async () => {
    try {
      if (!inflater.write(first)) await onceDrain(inflater);
      // The reader may stop early (a sniffer reads the head only): the inflater is destroyed then, and the feed
      // stops at its next step rather than wait for a 'drain' that never comes.
      for (let next = await rest.next(); !next.done && !inflater.destroyed; next = await rest.next()) {
        if (!inflater.write(next.value)) await onceDrain(inflater);
      }
      if (inflater.destroyed) await rest.return?.(undefined);
      else inflater.end();
    } catch (error) {
      inflater.destroy(error as Error);
    }
  })();
  try {
    for await (const chunk of inflater as AsyncIterable<Uint8Array>) {
      const part = bound.admit(chunk);
      for (let at = 0; at < part.length; at += CHUNK) {
        yield part.subarray(at, at + CHUNK);
        await turn();
      }
      bound.check();
    }
  } catch (error) {
    if (error instanceof MatsimFormatError) throw error;
    throw compressionError('gzip', error);
  } finally {
    inflater.destroy();
    await feed;
  }
}

/**
 * One turn of the event loop. zlib's thread-pool work is handed on (and the next piece started) by callbacks on
 * the main thread, which run only when it turns: a caller that parses piece after piece from the buffer would
 * otherwise keep the next inflate from starting until the buffer is empty, and inflating and parsing would take
 * turns instead of running side by side.
 */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function onceDrain(stream: NodeJS.WritableStream & { destroyed: boolean }): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
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

/**
 * fzstd decodes everything a pushed chunk holds before `push` returns: one 64 KiB chunk of RLE blocks can emit
 * gigabytes. So the input is pushed one block at a time (`ZstdBlockSplitter`, which also refuses oversized
 * windows) and each block's output is handed on before the next push; the bound is counted in the output
 * callback, whose throw aborts `push` itself.
 */
async function* unzstd(first: Uint8Array, rest: AsyncIterator<Uint8Array>, bound: ByteBound): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  const decoder = new Decompress((chunk) => {
    const part = bound.admit(chunk);
    if (part.length > 0) out.push(part);
    bound.check();
  });
  const push = (chunk: Uint8Array, final = false) => {
    try {
      decoder.push(chunk, final);
    } catch (error) {
      if (error instanceof MatsimFormatError) throw error;
      throw compressionError('zstd', error);
    }
  };
  const flush = function* () {
    yield* out;
    out = [];
  };
  const blocks = new ZstdBlockSplitter();
  try {
    for (let next: IteratorResult<Uint8Array> = { value: first }; !next.done; next = await rest.next()) {
      for (const part of blocks.split(next.value)) {
        push(part);
        yield* flush();
      }
    }
    push(new Uint8Array(0), true);
  } catch (error) {
    // What was decoded before the bound (or the damage) still goes out first: a sniffer keeps its head.
    yield* flush();
    throw error;
  }
  yield* flush();
}

/**
 * Counts decompressed bytes against `InputOptions.maxBytes`: `admit` passes the part of a chunk within the bound,
 * `check` then throws if anything was cut off, so a reader sees exactly `maxBytes` bytes before the error.
 */
class ByteBound {
  private total = 0;
  private over = false;
  constructor(private readonly max: number) {}
  admit(chunk: Uint8Array): Uint8Array {
    const room = this.max - this.total;
    if (chunk.length <= room) {
      this.total += chunk.length;
      return chunk;
    }
    this.total = this.max;
    this.over = true;
    return chunk.subarray(0, room);
  }
  check(): void {
    if (this.over) throw tooLarge(this.max);
  }
}

function tooLarge(maxBytes: number): MatsimFormatError {
  return new MatsimFormatError('too-large', `The content is larger than ${maxBytes} bytes once decompressed, more than can be read here.`);
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
export async function* openInput(input: Input, options: InputOptions = {}): AsyncGenerator<Uint8Array> {
  const bound = new ByteBound(options.maxBytes ?? Number.POSITIVE_INFINITY);
  const source = rawChunks(input)[Symbol.asyncIterator]();
  let first = await source.next();
  while (!first.done && first.value.length === 0) first = await source.next();
  if (first.done) return;
  // A magic number split over two tiny chunks is not worth handling: file and zlib chunks are large.
  switch (detectCompression(first.value)) {
    case 'gzip':
      yield* gunzip(first.value, source, bound);
      return;
    case 'zstd':
      yield* unzstd(first.value, source, bound);
      return;
    default:
      for (let next: IteratorResult<Uint8Array> = first; !next.done; next = await source.next()) {
        const part = bound.admit(next.value);
        if (part.length > 0) yield part;
        bound.check();
      }
  }
}

/** The first `maxBytes` decompressed bytes (or fewer, for a short input). Used for sniffing. */
export async function readHead(input: Input, maxBytes = 64 * 1024): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  // The bound stops a decompressor that would emit far more than the head in one step (see `unzstd`).
  const chunks = openInput(input, { maxBytes });
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
export async function* openText(input: Input, options: InputOptions = {}): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of openInput(input, options)) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}
