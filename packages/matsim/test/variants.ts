/** Damaged and re-encoded variants of real files, for reader tests. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { MatsimFormatError, type MatsimErrorCode } from '../src/errors.ts';
import { openInput } from '../src/io/input.ts';
import { sharedData } from './data.ts';

/** The raw bytes of a file under ../shared/data. */
export function sharedBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(sharedData(path)));
}

/** The decompressed content of a file under ../shared/data. */
export async function sharedPlain(path: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of openInput(sharedData(path))) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
}

/** The first `fraction` of the bytes: a download or copy cut short. */
export function cut(bytes: Uint8Array, fraction = 0.5): Uint8Array {
  return bytes.subarray(0, Math.floor(bytes.length * fraction));
}

/**
 * A valid zstd frame holding `bytes` in raw (stored) blocks. Node 20 has no zstd compressor, and this is
 * enough to send any real file through the zstd path of the readers.
 */
export function zstdStored(bytes: Uint8Array): Uint8Array {
  const BLOCK = 1 << 17; // window log 17 = 128 KiB, the largest block zstd allows
  const parts: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, (17 - 10) << 3];
  const out: Uint8Array[] = [new Uint8Array(parts)];
  let offset = 0;
  do {
    const size = Math.min(BLOCK, bytes.length - offset);
    const last = offset + size >= bytes.length ? 1 : 0;
    const header = (size << 3) | last; // block type 0 = raw
    out.push(new Uint8Array([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]));
    out.push(bytes.subarray(offset, offset + size));
    offset += size;
  } while (offset < bytes.length);
  return new Uint8Array(Buffer.concat(out));
}

export function gunzip(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(gunzipSync(bytes));
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Awaits a read that must fail with a MatsimFormatError (of one of `codes`, when given) and returns the error. */
export async function formatError(read: Promise<unknown>, ...codes: MatsimErrorCode[]): Promise<MatsimFormatError> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MatsimFormatError);
  const failure = error as MatsimFormatError;
  if (codes.length > 0) expect(codes).toContain(failure.code);
  return failure;
}
