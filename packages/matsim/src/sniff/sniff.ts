/**
 * Data-type sniffing: what a file is, judged by its decompressed first 64 KiB (gzip and zstd detected by content),
 * never by its name alone. Never throws: unreadable, unknown or hostile input gives no tag.
 */
import { createReadStream } from 'node:fs';
import { detectCompression, openInput, type Compression, type Input } from '../io/input.ts';
import { sniffBinary } from './binary.ts';
import { sniffText } from './text.ts';
import { sniffXml } from './xml.ts';
import type { DataTypeTag, ShapefilePart } from './tags.ts';

export interface SniffDetails {
  /** null when the content is not a format the platform knows. */
  tag: DataTypeTag | null;
  /** How the file itself is compressed (the tag describes the content inside). */
  compression: Compression;
  /** For `shapefile`: which part of the set this file is. */
  shapefilePart?: ShapefilePart;
}

const HEAD_BYTES = 64 * 1024;

/** The data-type tag of a file, or null. `fileName` only breaks ties the content cannot decide. */
export async function sniff(input: Input, fileName?: string): Promise<DataTypeTag | null> {
  return (await sniffDetails(input, fileName)).tag;
}

/** The tag plus how the file is compressed and, for shapefiles, which part it is. */
export async function sniffDetails(input: Input, fileName?: string): Promise<SniffDetails> {
  const name = fileName ?? (typeof input === 'string' ? input : undefined);
  try {
    const { head, compression } = await readHeadTolerant(input);
    if (head.length === 0) return { tag: null, compression };
    return { ...(await classify(head, name)), compression };
  } catch {
    return { tag: null, compression: 'none' };
  }
}

async function classify(head: Uint8Array, fileName?: string): Promise<Omit<SniffDetails, 'compression'>> {
  const binary = sniffBinary(head, fileName);
  if (binary) return binary;
  if (looksBinary(head)) return { tag: null };
  const text = new TextDecoder('utf-8').decode(head);
  if (/^\s*</.test(text.replace(/^\uFEFF/, ''))) return { tag: await sniffXml(head) };
  return sniffText(text, fileName) ?? { tag: null };
}

/** NUL bytes do not occur in MATSim's text formats (UTF-8 or Latin-1). */
function looksBinary(head: Uint8Array): boolean {
  return head.subarray(0, 4096).includes(0);
}

/**
 * Up to 64 KiB of decompressed content, noting the compression on the way. A stream that breaks off (a cut
 * gzip file, a read error) still yields what was decompressed before: a truncated network is still a network,
 * and its reader will report the truncation.
 */
async function readHeadTolerant(input: Input): Promise<{ head: Uint8Array; compression: Compression }> {
  let compression: Compression = 'none';
  async function* tapped(): AsyncGenerator<Uint8Array> {
    let first = true;
    const source: AsyncIterable<Uint8Array> | Iterable<Uint8Array> =
      typeof input === 'string'
        ? (createReadStream(input, { end: 4 * HEAD_BYTES }) as AsyncIterable<Uint8Array>)
        : input instanceof Uint8Array
          ? [input]
          : input;
    for await (const chunk of source) {
      if (first && chunk.length > 0) {
        compression = detectCompression(chunk);
        first = false;
      }
      yield chunk;
    }
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  const chunks = openInput(tapped(), { maxBytes: HEAD_BYTES });
  try {
    for await (const chunk of chunks) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= HEAD_BYTES) break;
    }
  } catch {
    // keep what arrived before the error
  } finally {
    await chunks.return(undefined).catch(() => undefined);
  }
  const head = Buffer.concat(parts);
  return { head: head.subarray(0, Math.min(head.length, HEAD_BYTES)), compression };
}
