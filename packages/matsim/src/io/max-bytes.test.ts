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

  it('keeps sniffing and readHead of a bomb to its head', async () => {
    const bomb = zstdBomb('<?xml version="1.0" ?>\n<network>', 4 * GiB, '</network>');
    expect((await readHead(bomb)).length).toBe(64 * 1024);
    expect(await sniffDetails(bomb)).toEqual({ tag: 'network_v1', compression: 'zstd' });
  });
});
