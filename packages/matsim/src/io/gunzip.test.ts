import { MessageChannel } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { sharedData } from '../../test/data.ts';
import { sniffDetails } from '../sniff/sniff.ts';
import { openInput, readHead } from './input.ts';

// 4 MiB of text that compresses well: one input chunk inflates to several output chunks.
const TEXT = new TextEncoder().encode('<events>\n' + '\t<event time="1.0" type="left link" link="1" vehicle="1"  />\n'.repeat(70_000) + '</events>\n');
const GZ = new Uint8Array(gzipSync(TEXT));

/** The bytes in 64 KiB chunks pulled over a MessagePort, one round trip each, as the server's workers get files. */
async function* overPort(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  const { port1, port2 } = new MessageChannel();
  let at = 0;
  port1.on('message', () => {
    port1.postMessage(bytes.subarray(at, at + 65_536).slice());
    at += 65_536;
  });
  try {
    while (at < bytes.length) {
      yield await new Promise<Uint8Array>((resolve) => {
        port2.once('message', resolve);
        port2.postMessage('pull');
      });
    }
  } finally {
    port1.close();
    port2.close();
  }
}

describe('gzip input', () => {
  test('decompressed chunks are at most 64 KiB and add up to the content', async () => {
    let size = 0;
    let largest = 0;
    for await (const chunk of openInput(GZ)) {
      size += chunk.length;
      largest = Math.max(largest, chunk.length);
    }
    expect(size).toBe(TEXT.length);
    expect(largest).toBe(65_536);
  });

  test('a reader that stops early (the head only) ends, also while the source is still being read', async () => {
    for (const input of [() => overPort(GZ), () => GZ]) {
      const head = await readHead(input(), 64 * 1024);
      expect(head).toEqual(TEXT.subarray(0, 64 * 1024));
      let seen = 0;
      for await (const chunk of openInput(input())) if ((seen += chunk.length) > 300_000) break;
      expect(seen).toBeGreaterThan(300_000);
    }
  }, 10_000);

  test('pieces are views of zlib\'s own output buffers (the buffered chunks are never concatenated into a copy)', async () => {
    for await (const chunk of openInput(GZ)) {
      expect(chunk.buffer.byteLength).toBe(4 * 65_536);
      // A caller that parses: zlib runs ahead meanwhile, and several of its chunks wait in the buffer.
      for (const until = performance.now() + 1; performance.now() < until; );
    }
  });

  test('the event loop turns between two pieces, so zlib starts its next inflate while the caller parses', async () => {
    let turned = true;
    let pieces = 0;
    for await (const _ of openInput(GZ)) {
      expect(turned, `before piece ${pieces}`).toBe(true);
      pieces++;
      turned = false;
      setImmediate(() => (turned = true));
    }
    expect(pieces).toBeGreaterThan(60);
  });

  test('sniffing a real gzip network served over a port ends (its head only is decompressed)', async () => {
    const bytes = readFileSync(sharedData('output-newwest-2024/output_network.xml.gz'));
    expect(await sniffDetails(overPort(bytes))).toEqual({ tag: 'network_v2', compression: 'gzip' });
  }, 10_000);
});
