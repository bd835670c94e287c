/**
 * Decompression bombs, built at test time: small files that expand to gigabytes. Shared with the server's tests.
 * - `zstdBomb`: RLE blocks (4 bytes each for 128 KiB of one repeated byte), ~32,000:1 — 4 GiB in ~135 KB.
 * - `gzipBomb`: one gzip member of `unit` repeated, itself repeated (a gzip file may hold many members), so
 *   elements that build a model (nodes, persons) expand ~1000:1 without compressing gigabytes here.
 */
import { gzipSync } from 'node:zlib';

const BLOCK = 1 << 17; // window log 17: 128 KiB, the largest block zstd allows
const encoder = new TextEncoder();

/** `prefix`, then `size` bytes of `fill` (one character), then `suffix`, as one zstd frame. */
export function zstdBomb(prefix: string, size: number, suffix = '', fill = ' '): Uint8Array {
  const out: Uint8Array[] = [new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, (17 - 10) << 3])];
  const block = (type: 0 | 1, size: number, last: boolean, body: Uint8Array) => {
    const header = (size << 3) | (type << 1) | (last ? 1 : 0);
    out.push(new Uint8Array([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), body);
  };
  const raw = (text: string, last: boolean) => {
    const bytes = encoder.encode(text);
    for (let at = 0; at < bytes.length || (last && at === 0); at += BLOCK) {
      const part = bytes.subarray(at, at + BLOCK);
      block(0, part.length, last && at + BLOCK >= bytes.length, part);
    }
  };
  raw(prefix, false);
  const byte = new Uint8Array([fill.charCodeAt(0)]);
  for (let left = size; left > 0; left -= BLOCK) block(1, Math.min(BLOCK, left), false, byte);
  raw(suffix, true);
  return new Uint8Array(Buffer.concat(out));
}

/** `prefix`, `unit` repeated `count` times, `suffix`, gzipped in members of about 1 MiB of `unit`s each. */
export function gzipBomb(prefix: string, unit: string, count: number, suffix = ''): Uint8Array {
  const perMember = Math.max(1, Math.floor((1 << 20) / unit.length));
  const member = gzipSync(unit.repeat(Math.min(perMember, count)), { level: 9 });
  const members: Uint8Array[] = [gzipSync(prefix)];
  let left = count;
  for (; left >= perMember; left -= perMember) members.push(member);
  if (left > 0) members.push(gzipSync(unit.repeat(left), { level: 9 }));
  members.push(gzipSync(suffix));
  return new Uint8Array(Buffer.concat(members));
}

export const GiB = 1 << 30;
export const MiB = 1 << 20;
