import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { MatsimFormatError } from '../errors.ts';
import { readXml, readXmlChunks } from './sax.ts';
import { formatError } from '../../test/variants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

const failure = (input: Uint8Array) => formatError(readXml(input, {}));

describe('the safe streaming XML layer', () => {
  test('reads elements, attributes and text from plain and gzip input alike', async () => {
    const xml = '<?xml version="1.0"?><a x="1"><b>hi &amp; bye</b></a>';
    for (const input of [bytes(xml), gzipSync(bytes(xml))]) {
      const seen: string[] = [];
      await readXml(input, {
        open: (name, attrs) => seen.push(`<${name}${attrs.x ?? ''}>`),
        text: (t) => seen.push(t),
        close: (name) => seen.push(`</${name}>`),
      });
      expect(seen).toEqual(['<a1>', '<b>', 'hi & bye', '</b>', '</a>']);
    }
  });

  test('malformed XML names the line and column', async () => {
    const error = await failure(bytes('<a>\n  <b></c>\n</a>'));
    expect(error.code).toBe('malformed-xml');
    expect(error.line).toBe(2);
  });

  test('an external entity (XXE) is refused, never resolved', async () => {
    const error = await failure(
      bytes('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'),
    );
    expect(error.code).toBe('forbidden-doctype');
  });

  test('entity expansion ("billion laughs") is refused before any expansion', async () => {
    const lol = '<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">';
    const error = await failure(bytes(`<!DOCTYPE a [${lol}]><a>&c;&c;&c;</a>`));
    expect(error.code).toBe('forbidden-doctype');
  });

  test('an undeclared entity is malformed, not expanded', async () => {
    const error = await failure(bytes('<a>&nope;</a>'));
    expect(error.code).toBe('malformed-xml');
  });

  test('a document cut short is reported as truncated', async () => {
    const error = await failure(bytes('<a><b x="1"/><b x="2"/>'));
    expect(error.code).toBe('truncated');
  });

  test('a truncated gzip stream is reported as truncated', async () => {
    const gz = gzipSync(bytes(`<a>${'<b/>'.repeat(5000)}</a>`));
    const error = await failure(gz.subarray(0, Math.floor(gz.length / 2)));
    expect(error.code).toBe('truncated');
  });

  test('an empty or non-XML input is malformed', async () => {
    expect((await failure(bytes(''))).code).toBe('malformed-xml');
    expect((await failure(bytes('iteration;avg_executed\n0;1.0\n'))).code).toBe('malformed-xml');
  });

  test("a reader's own MatsimFormatError gets the parser position", async () => {
    const bad = new MatsimFormatError('invalid-value', 'bad x');
    let caught: unknown;
    try {
      await readXml(bytes('<a>\n\n  <b x="?"/>\n</a>'), {
        open: (name) => {
          if (name === 'b') throw bad;
        },
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MatsimFormatError);
    expect((caught as MatsimFormatError).code).toBe('invalid-value');
    expect((caught as MatsimFormatError).line).toBe(3);
  });

  test('the message carries the reason once, the position in line/column', async () => {
    const error = await failure(bytes('<a>\n  <b x="1"y="2"/>\n</a>'));
    expect(error.message).toMatch(/^Malformed XML: [a-z]/);
    expect(error.line).toBe(2);
  });

  test('readXmlChunks pauses after each chunk, with the callbacks of that chunk done', async () => {
    const parts = ['<a><b/>', '<b/><b/>', '</a>'].map(bytes);
    let seen = 0;
    const perChunk: number[] = [];
    for await (const _ of readXmlChunks((async function* () { yield* parts; })(), { open: () => void seen++ })) {
      perChunk.push(seen);
    }
    expect(perChunk).toEqual([2, 4, 4]);
  });
});
