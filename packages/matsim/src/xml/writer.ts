/**
 * Streaming XML output: writers produce text chunks (an async or sync iterable of strings) and `writeOutput`
 * sends them to a file, optionally gzip-compressed, atomically (temp name, fsync, rename).
 */
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

// MATSim escapes < > " & (attribute values are double-quoted, so ' needs nothing). Tabs and line breaks in
// attribute values are escaped too: an XML reader turns them into spaces, so a round trip would change the value.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const ESCAPE_ALL = /[&<>"\t\n\r]/g;
const SPECIAL = new Uint8Array(63);
for (const c of Object.keys(ESCAPES)) SPECIAL[c.charCodeAt(0)] = 1;

/**
 * Escapes an attribute value. A character scan instead of a regex test: this runs for every value of millions
 * of events and links.
 */
export function escapeXml(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 63 && SPECIAL[code] === 1) return value.replace(ESCAPE_ALL, (c) => ESCAPES[c]!);
  }
  return value;
}

const TEXT_ESCAPE = /[&<>]/g;

/**
 * Escapes element content. Quotes need no escaping there, and MATSim leaves them as they are (JSON route
 * descriptions, `PersonVehicles` attributes), so written files match MATSim's.
 */
export function escapeXmlText(value: string): string {
  return /[&<>]/.test(value) ? value.replace(TEXT_ESCAPE, (c) => ESCAPES[c]!) : value;
}

/** ` name="value"` pairs for the defined entries, in the given order. */
export function xmlAttributes(pairs: ReadonlyArray<readonly [string, string | number | undefined | null]>): string {
  let out = '';
  for (const [name, value] of pairs) {
    if (value === undefined || value === null) continue;
    out += ` ${name}="${escapeXml(String(value))}"`;
  }
  return out;
}

export const XML_PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** `<!DOCTYPE root SYSTEM "http://www.matsim.org/files/dtd/file">` as MATSim writes it. */
export function matsimDoctype(root: string, dtdFile: string): string {
  return `<!DOCTYPE ${root} SYSTEM "http://www.matsim.org/files/dtd/${dtdFile}">\n`;
}

export type TextChunks = Iterable<string> | AsyncIterable<string>;

/** Collects a writer's output into one string (tests and small files such as configs). */
export async function collectText(chunks: TextChunks): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

export interface WriteOutputOptions {
  gzip?: boolean;
}

/** Writes text chunks to `path` atomically; with `gzip` the file is gzip-compressed. */
export async function writeOutput(path: string, chunks: TextChunks, options: WriteOutputOptions = {}): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${Date.now()}`;
  try {
    const source = Readable.from(batch(chunks), { objectMode: false });
    const sink = createWriteStream(temp);
    if (options.gzip) await pipeline(source, createGzip(), sink);
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
