import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { MatsimFormatError } from '../errors.ts';
import { readXml, readXmlChunks } from './sax.ts';
import { formatError } from '../../test/variants.ts';
import { REFUSED_ENTITIES, withSubset } from '../../test/entities.ts';
import { MAX_ENTITIES, MAX_ENTITY_DEPTH, MAX_ENTITY_EXPANSION, MAX_ENTITY_LENGTH } from './doctype.ts';

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

  test.each(REFUSED_ENTITIES)('$name in the DOCTYPE is refused with a clear error', async ({ subset, body, reason }) => {
    const error = await failure(bytes(withSubset('a', 'a', subset, body)));
    expect(error.code).toBe('forbidden-doctype');
    expect(error.reason).toMatch(reason);
    expect(error.reason).toMatch(/not read, for safety\.$/);
    expect(error.line).toBeGreaterThanOrEqual(1);
  });

  test('internal entities with plain values are expanded in attributes and text; handlers see the DOCTYPE without them', async () => {
    const subset = '<!ENTITY base "../in"><!ENTITY net "&base;/net&#x2F;work.xml"><!-- a comment --><!ENTITY amp "&#38;#38;">';
    const seen: string[] = [];
    await readXml(bytes(withSubset('a', 'config_v2', subset, '<b v="&net;">&base; &amp; &lt;&net;</b>')), {
      doctype: (doctype) => seen.push(doctype),
      open: (name, attrs) => seen.push(`<${name}${attrs.v ?? ''}>`),
      text: (text) => seen.push(text.trim() === '' ? '' : text),
    });
    expect(seen.filter(Boolean)).toEqual([' a SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd"', '<a>', '<b../in/net/work.xml>', '../in & <../in/net/work.xml']);
  });

  test('entities are expanded up to the bounds: as many, as long, as deep and as often as allowed', async () => {
    const many = Array.from({ length: MAX_ENTITIES }, (_, i) => `<!ENTITY e${i} "${i === 0 ? 'x'.repeat(MAX_ENTITY_LENGTH) : `&e${i - 1};`.repeat(i <= MAX_ENTITY_DEPTH ? 1 : 0)}">`);
    const body = '&e0;'.repeat(MAX_ENTITY_EXPANSION / MAX_ENTITY_LENGTH - 1) + `&e${MAX_ENTITY_DEPTH};`;
    let length = 0;
    await readXml(bytes(withSubset('a', 'a', many.join(''), `<b>${body}</b>`)), { text: (text) => (length += text.trim().length) });
    expect(length).toBe(MAX_ENTITY_EXPANSION);
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
