import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GiB, gzipBomb, MiB, zstdBomb } from '../../test/bombs.ts';
import { formatError, utf8, zstdStored } from '../../test/variants.ts';
import { sniffDetails } from '../sniff/sniff.ts';
import { streamNetwork } from '../network/reader.ts';
import { openInput, readHead } from './input.ts';

async function drain(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  let size = 0;
  for await (const chunk of chunks) size += chunk.length;
  return size;
}

async function countUntilError(chunks: AsyncIterable<Uint8Array>): Promise<{ size: number; error: unknown }> {
  let size = 0;
  try {
    for await (const chunk of chunks) size += chunk.length;
  } catch (error) {
    return { size, error };
  }
  return { size, error: undefined };
}

describe('openInput maxBytes', () => {
  const text = utf8('<network>' + ' '.repeat(300_000) + '</network>');

  it('reads content up to the bound, compressed or not', async () => {
    for (const bytes of [text, new Uint8Array(gzipSync(text)), zstdStored(text)]) {
      expect(await drain(openInput(bytes, { maxBytes: text.length }))).toBe(text.length);
    }
  });

  it('fails one byte past the bound with too-large, after exactly maxBytes bytes', async () => {
    for (const bytes of [text, new Uint8Array(gzipSync(text)), zstdStored(text)]) {
      const { size, error } = await countUntilError(openInput(bytes, { maxBytes: text.length - 1 }));
      expect(size).toBe(text.length - 1);
      await formatError(Promise.reject(error), 'too-large');
    }
  });

  it('stops a 4 GiB zstd bomb inside the decompressor', async () => {
    const bomb = zstdBomb('<network>', 4 * GiB, '</network>');
    expect(bomb.length).toBeLessThan(140_000);
    const { size, error } = await countUntilError(openInput(bomb, { maxBytes: 8 * MiB }));
    expect(size).toBe(8 * MiB);
    expect((error as Error).message).toBe('The content is larger than 8388608 bytes once decompressed, more than can be read here.');
  });

  it('stops a gzip bomb and the readers on top of it', async () => {
    const bomb = gzipBomb('<network><nodes>', '<node id="n" x="0" y="0"/>', 10_000_000, '</nodes></network>');
    await formatError(streamNetwork(bomb, {}, { maxBytes: 4 * MiB }), 'too-large');
  });

  it('stops a reader at 16 Mi characters without a start tag, with no byte bound at all', async () => {
    const bomb = zstdBomb('<?xml version="1.0" ?>\n<network>\n<nodes>', 4 * GiB, '</nodes></network>');
    const error = await formatError(streamNetwork(bomb, {}), 'too-large');
    expect(error.reason).toBe('The XML has more than 16 Mi characters without a start tag: a text, comment or tag that long is not read.');
    expect(error.line).toBe(3);
  });

  it('keeps sniffing and readHead of a bomb to its head', async () => {
    const bomb = zstdBomb('<?xml version="1.0" ?>\n<network>', 4 * GiB, '</network>');
    expect((await readHead(bomb)).length).toBe(64 * 1024);
    expect(await sniffDetails(bomb)).toEqual({ tag: 'network_v1', compression: 'zstd' });
  });
});

describe('zstd, one block at a time', () => {
  const text = utf8('<network>' + 'x'.repeat(400_000) + '</network>');

  it('hands out every block before decoding the next, so a bomb never piles up', async () => {
    const bomb = zstdBomb('<network>', 64 * MiB, '</network>');
    let largest = 0;
    for await (const chunk of openInput(bomb)) largest = Math.max(largest, chunk.length);
    expect(largest).toBe(128 * 1024);
  });

  it('reads frames one after another, skippable frames, checksums and chunks cut anywhere', async () => {
    const skippable = new Uint8Array([0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3]);
    const withChecksum = zstdStored(text);
    withChecksum[4] = 0x04; // Content_Checksum_flag: 4 bytes after the last block
    // (Compression is detected from the first chunk's magic number, so the data starts with a zstd frame.)
    const frames = Buffer.concat([zstdStored(text), skippable, Buffer.concat([withChecksum, new Uint8Array([9, 9, 9, 9])])]);
    async function* pieces(size: number) {
      for (let at = 0; at < frames.length; at += size) yield new Uint8Array(frames.subarray(at, at + size));
    }
    for (const size of [5, 7, 4096, frames.length]) expect(await drain(openInput(pieces(size)))).toBe(2 * text.length);
  });

  it('refuses a window larger than zstd accepts by default, before allocating it', async () => {
    const frame = zstdStored(text);
    frame[5] = (30 - 10) << 3; // window log 30: 1 GiB
    await formatError(drain(openInput(frame)), 'too-large');
    const single = new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0xa0, 0, 0, 0, 0x40, 0x01, 0, 0]); // single segment, 4-byte content size 1 GiB
    const error = await formatError(drain(openInput(single)), 'too-large');
    expect(error.message).toBe('The zstd data needs a window of 1024 MiB, more than the 128 MiB zstd accepts by default.');
  });
});
