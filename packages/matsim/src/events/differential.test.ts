/**
 * The fast path against saxes alone, on every events file of the shared data and on thousands of damaged
 * variants of a real one: the same events in the same batches, or the same error at the same line and column.
 * Inputs arrive in randomly sized chunks, so elements, references, surrogate pairs and CR LF pairs get cut.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { openInput } from '../io/input.ts';
import { chunked, readWith, type ReadOutcome } from './testing.ts';
import { random } from '../../test/random.ts';

const EVENTS_FILES = allSharedDataFiles().filter((path) => /events\.xml(\.gz|\.zst)?$/.test(path));

async function decompressed(path: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of openInput(path)) parts.push(part);
  return Buffer.concat(parts);
}

/** Asserts both parsers agree on `bytes` (fed in chunks cut by `seed`) and returns the outcome. */
async function agree(bytes: Uint8Array, seed: number, label: string, maxChunk = 4096): Promise<ReadOutcome> {
  const fast = await readWith(() => chunked(bytes, seed, maxChunk), 'fast');
  const saxes = await readWith(() => chunked(bytes, seed, maxChunk), 'saxes');
  // Compared piecewise first: a mismatch then names what differs instead of dumping two long lists.
  expect(fast.error, label).toEqual(saxes.error);
  expect(fast.batches, label).toEqual(saxes.batches);
  expect(fast.events.length, label).toBe(saxes.events.length);
  for (let i = 0; i < fast.events.length; i++) if (fast.events[i] !== saxes.events[i]) expect(fast.events[i], `${label}, event ${i}`).toBe(saxes.events[i]);
  return fast;
}

describe('every events file of the shared data', () => {
  test('there are events files in all three forms of output', () => {
    expect(EVENTS_FILES.length).toBeGreaterThanOrEqual(10);
    expect(EVENTS_FILES.some((path) => path.includes('ITERS'))).toBe(true);
    expect(EVENTS_FILES.some((path) => path.endsWith('.zst'))).toBe(true);
  });

  test.each(EVENTS_FILES)('%s: as stored, decompressed, and in small chunks', async (path) => {
    const stored = await readWith(() => sharedData(path), 'fast');
    const reference = await readWith(() => sharedData(path), 'saxes');
    expect(stored.error).toBeUndefined();
    expect(stored.batches).toEqual(reference.batches);
    expect(stored.events).toEqual(reference.events);
    const plain = await decompressed(sharedData(path));
    // Small chunks for the small files; the large one in 8 KiB pieces is cut often enough (4,000 times).
    const small = await agree(plain, 1, `${path} plain`, plain.length > 5e6 ? 8192 : 700);
    expect(small.events).toEqual(reference.events);
  }, 60_000);
});

test('a types filter picks the same events on both paths', async () => {
  const path = sharedData('output-equil-2026-zst/output_events.xml.zst');
  const types = ['travelled', 'entered link', 'not in the file'];
  const fast = await readWith(() => path, 'fast', types);
  expect(fast).toEqual(await readWith(() => path, 'saxes', types));
  expect(fast.events.length).toBe(402 + 700);
});

describe('damaged variants of a real file', () => {
  const text = gunzipSync(readFileSync(sharedData('output-equil-2024/output_events.xml.gz')));
  // Bytes that steer the parser somewhere: markup, quotes, references, line breaks, a multi-byte character.
  const SPECIAL = [...Buffer.from('<>&"\'=/ \n\r\t;#x!?-[]'), 0x00, 0x0b, 0x7f, 0xc3, 0xf0, 0xff];
  const INSERTS = [
    '<!-- a comment -->',
    '<![CDATA[ x ]]>',
    '<?pi data?>',
    '</event>',
    '<event/>',
    '<event time="1.0" type="x"></event>',
    "<event time='2.0' type='single' />",
    '&amp;',
    '&#10;',
    '&#x1F600;',
    '&#0;',
    '&#X41;',
    '&nbsp;',
    '&',
    ']]>',
    '\r\n',
    '\r',
    '😀',
    '\uFFFE',
    ' time="3.0"',
    ' a = "b"',
    '</events>',
    '<events>',
  ].map((snippet) => Buffer.from(snippet));

  // What each kind of damage must lead to at least once among its variants, so the comparison covers them all.
  const READ = ['read', 'malformed-xml', 'invalid-value'];
  const cases: [string, string[], (source: Uint8Array, next: () => number) => Uint8Array][] = [
    ['cut at a random offset', ['truncated'], (source, next) => source.subarray(0, Math.floor(next() * source.length))],
    [
      'a byte replaced',
      READ,
      (source, next) => {
        const copy = Buffer.from(source);
        const value = next() < 0.7 ? SPECIAL[Math.floor(next() * SPECIAL.length)]! : Math.floor(next() * 256);
        copy[Math.floor(next() * copy.length)] = value;
        return copy;
      },
    ],
    [
      'a snippet inserted',
      [...READ, 'truncated'],
      (source, next) => {
        const at = Math.floor(next() * source.length);
        const snippet = next() < 0.8 ? INSERTS[Math.floor(next() * INSERTS.length)]! : Buffer.from([Math.floor(next() * 256)]);
        return Buffer.concat([source.subarray(0, at), snippet, source.subarray(at)]);
      },
    ],
    [
      'bytes deleted',
      READ,
      (source, next) => {
        const at = Math.floor(next() * source.length);
        return Buffer.concat([source.subarray(0, at), source.subarray(at + 1 + Math.floor(next() * 20))]);
      },
    ],
  ];

  test.each(cases)('%s: 250 variants', async (name, expected, mutate) => {
    const next = random(cases.findIndex(([n]) => n === name) + 17);
    const codes = new Map<string, number>();
    for (let i = 0; i < 250; i++) {
      const variant = mutate(text, next);
      const outcome = await agree(variant, i, `variant ${i}`);
      const code = outcome.error?.code ?? 'read';
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    for (const code of expected) expect(codes.get(code), code).toBeGreaterThan(0);
  }, 120_000);

  test('several mutations at once, and damaged gzip data', async () => {
    const next = random(99);
    for (let i = 0; i < 100; i++) {
      let variant: Uint8Array = text;
      // Cuts are left out here: one would hide the mutations behind it.
      for (let k = 0; k < 5; k++) variant = cases[1 + Math.floor(next() * (cases.length - 1))]![2](variant, next);
      await agree(variant, 1000 + i, `multi ${i}`);
    }
    const gz = gzipSync(text);
    for (let i = 0; i < 30; i++) {
      const copy = Buffer.from(gz);
      const at = Math.floor(next() * copy.length);
      copy[at] = copy[at]! ^ (1 << Math.floor(next() * 8));
      await agree(copy, 2000 + i, `gzip ${i}`);
    }
  }, 120_000);
});
