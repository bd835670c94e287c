/**
 * The byte-level fast path (scanner.ts over decompressed bytes, source.ts): what reading bytes instead of decoded
 * text changes — where the scanner starts after a prolog with multi-byte characters or a byte order mark, values
 * with bytes that are no UTF-8, U+FEFF inside a value, chunk boundaries inside multi-byte characters, names,
 * values and references, and the attribute layouts (one constructor per sequence of MATSim's names, a bounded
 * table). Each case is read by the scanner and by saxes alone, whole and in chunks of 1 to 9 bytes: the same
 * events, batches and errors (line and column included).
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { random } from '../../test/random.ts';
import { readEventBatches } from './reader.ts';
import { chunked, readWith, type ReadOutcome } from './testing.ts';

const PROLOG = '<?xml version="1.0" encoding="utf-8"?>\n<events version="1.0">\n';
const line = (time: number) => `\t<event time="${time}.0" type="left link" link="l${time}" vehicle="v"  />\n`;
const utf8 = (text: string) => new TextEncoder().encode(text);

async function bothAgree(bytes: Uint8Array): Promise<ReadOutcome> {
  const whole = await readWith(() => bytes, 'fast');
  expect(whole).toEqual(await readWith(() => bytes, 'saxes'));
  for (let size = 1; size <= 9; size++) {
    const fast = await readWith(() => chunked(bytes, size, size), 'fast');
    expect(fast, `chunks up to ${size}`).toEqual(await readWith(() => chunked(bytes, size, size), 'saxes'));
  }
  return whole;
}

/** Which parser made each event: the scanner's attribute maps have a prototype, saxes' none. */
async function parsers(bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<string[]> {
  const by: string[] = [];
  for await (const batch of readEventBatches(bytes)) {
    for (const event of batch) by.push(Object.getPrototypeOf(event.attributes) === null ? 'saxes' : 'scanner');
  }
  return by;
}

describe('where the scanner starts', () => {
  test('after a prolog with multi-byte characters, and after a byte order mark', async () => {
    for (const prolog of [`<?xml version="1.0"?>\n<!-- Zürich 東京 😀 -->\n<events version="1.0">`, `\uFEFF${PROLOG}`, `\uFEFF<!-- ü -->\n<events a="é">`]) {
      // A builder error on the root's own line: its column counts the characters before it, as saxes counts them.
      const text = `${prolog}<event time="1.0" type="x" /><event type="x" time="soon" />\n</events>`;
      const outcome = await bothAgree(utf8(text));
      expect(outcome.error).toMatchObject({ code: 'invalid-value' });
      const good = `${prolog}\n${line(1)}${line(2)}</events>\n`;
      expect((await bothAgree(utf8(good))).events).toHaveLength(2);
      expect(await parsers(chunked(utf8(good), 3, 5))).toEqual(['scanner', 'scanner']);
    }
  });

  test('bytes that are no UTF-8 in the prolog: saxes reads the document, with the same replacement characters', async () => {
    const bytes = Buffer.concat([utf8('<?xml version="1.0"?>\n<!-- '), Buffer.from([0xc3, 0x28, 0xff]), utf8(` -->\n<events>\n${line(1)}</events>`)]);
    expect((await bothAgree(bytes)).events).toHaveLength(1);
    expect(await parsers(bytes)).toEqual(['saxes']);
  });
});

describe('values', () => {
  test('bytes that are no UTF-8 become U+FFFD, and count one column each, as in the decoded text', async () => {
    const bad = Buffer.from([0xc3, 0x28, 0xe2, 0x82, 0xff, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80]);
    const element = (tail: string) => Buffer.concat([utf8('\t<event time="1.0" type="x" a="'), bad, utf8(`"${tail} />\n`)]);
    const good = Buffer.concat([utf8(PROLOG), element(''), utf8(line(2) + '</events>')]);
    const outcome = await bothAgree(good);
    expect(outcome.error).toBeUndefined();
    expect(await parsers(good)).toEqual(['scanner', 'scanner']);
    for await (const [first] of readEventBatches(good)) {
      expect(first!.attributes!.a).toBe('\uFFFD(\uFFFD\uFFFD😀\uFFFD\uFFFD\uFFFD');
      break;
    }
    // An error after such a value on the same line: the same column as saxes gives.
    const broken = Buffer.concat([utf8(PROLOG), element(' time="2.0"'), utf8('</events>')]);
    expect((await bothAgree(broken)).error).toMatchObject({ code: 'malformed-xml', line: 3 });
    const late = Buffer.concat([utf8(PROLOG), element(' b="1"').subarray(0, -4), utf8(' c="x" time2="x"/><event type="x" time="late" />\n</events>')]);
    expect((await bothAgree(late)).error).toMatchObject({ code: 'invalid-value', line: 3 });
  });

  test('U+FEFF inside a value is content, never a byte order mark', async () => {
    const text = `${PROLOG}\t<event time="1.0" type="x" a="\uFEFFb" c="\uFEFF" />\n</events>`;
    await bothAgree(utf8(text));
    for await (const [event] of readEventBatches(utf8(text))) expect(event!.attributes).toMatchObject({ a: '\uFEFFb', c: '\uFEFF' });
  });

  test('U+FFFE and U+FFFF (EF BF BE / EF BF BF) are refused as by saxes; their neighbours read', async () => {
    for (const [character, code] of [['\uFFFE', 'malformed-xml'], ['\uFFFF', 'malformed-xml'], ['\uFFFD', undefined], ['\uFFEF', undefined], ['\u{10FFFF}', undefined]] as const) {
      const text = `${PROLOG}${line(1)}\t<event time="2.0" type="x" a="a${character}b" />\n</events>`;
      expect((await bothAgree(utf8(text))).error?.code, `U+${character.codePointAt(0)!.toString(16)}`).toBe(code);
    }
  });

  test('chunk boundaries at every byte of multi-byte characters, names, values, references and CR LF', async () => {
    const text = `${PROLOG}${line(1)}\t<event time="2.0" type="Größe" computationalRoutingMode="東京&amp;😀" legMode="&#x1F600;&lt;"\r\n\tperson="p" />\r\n${line(3)}</events>`;
    const bytes = utf8(text);
    const reference = await readWith(() => bytes, 'saxes');
    expect(reference.error).toBeUndefined();
    // Two chunks, cut at every byte.
    for (let at = 1; at < bytes.length; at++) {
      const parts = async function* () {
        yield bytes.subarray(0, at);
        yield bytes.subarray(at);
      };
      const fast = await readWith(() => parts(), 'fast');
      expect(fast.events, `cut at ${at}`).toEqual(reference.events);
    }
    expect(await parsers(chunked(bytes, 5, 3))).toEqual(['scanner', 'scanner', 'scanner']);
  });
});

describe('attribute layouts', () => {
  test('MATSim names in any order and number, past the bounded table of layouts: the same maps as saxes', async () => {
    const next = random(7);
    const names = ['person', 'link', 'vehicle', 'legMode', 'x', 'y', 'actType', 'facility', 'networkMode', 'mode', 'delay'];
    let text = PROLOG;
    for (let i = 0; i < 3000; i++) {
      const picked = names.filter(() => next() < 0.6).sort(() => next() - 0.5);
      // Now and then a name of a file's own, before or after MATSim's (the generic path).
      if (next() < 0.1) picked.splice(Math.floor(next() * (picked.length + 1)), 0, 'custom');
      const attributes = picked.map((name) => ` ${name}="${name === 'x' || name === 'y' || name === 'delay' ? i : `${name}${i}`}"`).join('');
      text += `\t<event time="${i}.0" type="${i % 3 ? 'my event' : 'custom type'}"${attributes} />\n`;
    }
    text += '</events>';
    const bytes = utf8(text);
    const fast = await readWith(() => bytes, 'fast');
    expect(fast).toEqual(await readWith(() => bytes, 'saxes'));
    expect(fast.events).toHaveLength(3000);
    expect((await parsers(bytes)).every((by) => by === 'scanner')).toBe(true);
    // Key order as in the file (saxes' order), e.g. for the writer's generic events.
    const gz = await readWith(() => new Uint8Array(gzipSync(bytes)), 'fast');
    expect(gz.events).toEqual(fast.events);
  });

  test('a repeated MATSim name, also after a name of the file’s own, is saxes’ error', async () => {
    for (const attributes of ['link="a" link="b"', 'custom="1" link="a" link="b"', 'link="a" custom="1" custom="2"']) {
      const text = `${PROLOG}${line(1)}\t<event time="2.0" type="x" ${attributes} />\n</events>`;
      expect((await bothAgree(utf8(text))).error).toMatchObject({ code: 'malformed-xml', line: 4 });
    }
  });
});
