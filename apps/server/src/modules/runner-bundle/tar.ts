/**
 * A gzip'd tar archive (POSIX ustar) of a few files held in memory: what `tar xzf` unpacks on Linux, macOS and
 * Windows (bsdtar). Folders are written before the files in them; names must fit ustar's 100 + 155 bytes.
 */
import { gzipSync } from 'node:zlib';

export interface TarEntry {
  /** The path inside the archive, with `/` separators, e.g. `corridor-runner/bin/corridor-runner.mjs`. */
  path: string;
  bytes: Buffer;
  /** Permission bits, e.g. 0o755 for a script. */
  mode: number;
}

const BLOCK = 512;

export function tarGz(entries: readonly TarEntry[], mtime: Date): Buffer {
  const seconds = Math.floor(mtime.getTime() / 1000);
  const blocks: Buffer[] = [];
  const folders = new Set<string>();
  for (const entry of entries) {
    const parts = entry.path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = `${parts.slice(0, i).join('/')}/`;
      if (folders.has(folder)) continue;
      folders.add(folder);
      blocks.push(header(folder, 0, 0o755, seconds, '5'));
    }
    blocks.push(header(entry.path, entry.bytes.length, entry.mode, seconds, '0'), entry.bytes);
    const padding = (BLOCK - (entry.bytes.length % BLOCK)) % BLOCK;
    if (padding) blocks.push(Buffer.alloc(padding));
  }
  blocks.push(Buffer.alloc(2 * BLOCK));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

function header(path: string, size: number, mode: number, mtime: number, type: '0' | '5'): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(path);
  block.write(name, 0, 100, 'utf8');
  octal(block, 100, 8, mode);
  octal(block, 108, 8, 0); // uid
  octal(block, 116, 8, 0); // gid
  octal(block, 124, 12, size);
  octal(block, 136, 12, mtime);
  block.fill(' ', 148, 156); // the checksum counts its own field as spaces
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return block;
}

/** ustar's prefix and name fields: a path longer than 100 bytes is split at a `/`. */
function splitName(path: string): [string, string] {
  if (Buffer.byteLength(path) <= 100) return ['', path];
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name) return [prefix, name];
  }
  throw new Error(`The path is too long for a tar archive: ${path}`);
}

function octal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii');
}
