import { describe, expect, test } from 'vitest';
import { readEventBatches } from './reader.ts';
import { chunked, readWith, type ReadOutcome } from './testing.ts';
import type { MatsimEvent } from './model.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

const PROLOG = '<?xml version="1.0" encoding="utf-8"?>\n<events version="1.0">\n';
const line = (time: number, extra = '') => `\t<event time="${time}.0" type="left link" link="l${time}" vehicle="v"${extra}  />\n`;
const EVENTS_BEFORE = line(1) + line(2);
const EVENTS_AFTER = line(3) + line(4) + '</events>\n';

/** Each event with the parser that produced it: saxes' attribute maps have no prototype, the scanner's do. */
async function readTagged(text: string, chunkSize?: number): Promise<{ event: MatsimEvent; by: 'scanner' | 'saxes' }[]> {
  const input = chunkSize === undefined ? bytes(text) : chunked(bytes(text), 7, chunkSize);
  const out: { event: MatsimEvent; by: 'scanner' | 'saxes' }[] = [];
  for await (const batch of readEventBatches(input)) {
    for (const event of batch) out.push({ event, by: Object.getPrototypeOf(event.attributes) === null ? 'saxes' : 'scanner' });
  }
  return out;
}

/** Both parsers, whole and in chunks of every size from 1 to 9 bytes, agree; returns the whole-input outcome. */
async function bothAgree(text: string): Promise<ReadOutcome> {
  const whole = await readWith(() => bytes(text), 'fast');
  expect(await readWith(() => bytes(text), 'saxes')).toEqual(whole);
  for (let size = 1; size <= 9; size++) {
    const fast = await readWith(() => chunked(bytes(text), size, size), 'fast');
    const saxes = await readWith(() => chunked(bytes(text), size, size), 'saxes');
    expect(fast, `chunks up to ${size}`).toEqual(saxes);
    // However the input is cut, the same kind of error (saxes places some, such as text after the root, where the
    // chunk ends), or, without one, the same events.
    expect(fast.error?.code).toEqual(whole.error?.code);
    if (whole.error === undefined) expect(fast.events).toEqual(whole.events);
  }
  return whole;
}

describe('constructs the scanner leaves to saxes, from that element on', () => {
  test.each([
    ['an explicit end tag', '\t<event time="2.5" type="x" a="1"></event>\n', { time: '2.5', type: 'x', a: '1' }],
    ['a comment', '\t<!-- <event time="9.0" type="no" /> -->\n', undefined],
    ['CDATA', '\t<![CDATA[<event time="9.0" type="no" />]]>\n', undefined],
    ['a processing instruction', '\t<?pi <event time="9.0" type="no" />?>\n', undefined],
    ['text', '\tsome text &amp; more\n', undefined],
    ['spaces around =', '\t<event time = "2.5" type="x" />\n', { time: '2.5', type: 'x' }],
    ['a tab and a line break in a value (saxes turns them into spaces)', '\t<event time="2.5" type="x" a="1\t2\n3" />\n', { time: '2.5', type: 'x', a: '1 2 3' }],
    ['a non-ASCII attribute name', '\t<event time="2.5" type="x" größe="1" />\n', { time: '2.5', type: 'x', größe: '1' }],
    ['a character reference with leading zeros', '\t<event time="2.5" type="x" a="&#00000065;" />\n', { time: '2.5', type: 'x', a: 'A' }],
  ])('%s', async (_, construct, expected) => {
    const text = PROLOG + EVENTS_BEFORE + construct + EVENTS_AFTER;
    const outcome = await bothAgree(text);
    expect(outcome.error).toBeUndefined();
    for (const size of [undefined, 5, 64]) {
      const tagged = await readTagged(text, size);
      // The events before the construct come from the scanner (whatever the chunks), the rest from saxes.
      expect(tagged.slice(0, 2).map((t) => t.by)).toEqual(['scanner', 'scanner']);
      expect(tagged.slice(2).every((t) => t.by === 'saxes')).toBe(true);
      expect(tagged.map((t) => t.event.time)).toEqual(expected ? [1, 2, 2.5, 3, 4] : [1, 2, 3, 4]);
      if (expected) expect({ ...tagged[2]!.event.attributes }).toEqual(expected);
    }
  });

  test('a reference to an entity the DOCTYPE declares: saxes expands it', async () => {
    const prolog = '<?xml version="1.0"?>\n<!DOCTYPE events [<!ENTITY who "person 1">]>\n<events version="1.0">\n';
    const text = `${prolog}${EVENTS_BEFORE}\t<event time="2.5" type="x" a="&who;" />\n${EVENTS_AFTER}`;
    expect((await bothAgree(text)).error).toBeUndefined();
    const tagged = await readTagged(text);
    expect(tagged.map((t) => t.by)).toEqual(['scanner', 'scanner', 'saxes', 'saxes', 'saxes']);
    expect(tagged[2]!.event.attributes!.a).toBe('person 1');
  });
});

describe('what the scanner reads itself', () => {
  test.each([
    ['single-quoted values, quotes of the other kind inside', `\t<event time='2.5' type='x' a='say "hi"' b="it's" />\n`, { a: 'say "hi"', b: "it's" }],
    ['the five entities and character references', '\t<event time="2.5" type="x" a="&lt;&amp;&gt;&quot;&apos;" b="&#10;&#x9;&#xe9;&#233;&#x1F600;" />\n', { a: `<&>"'`, b: '\n\té\u00e9😀' }],
    ['characters beyond the BMP and other scripts', '\t<event time="2.5" type="x" a="😀 Zürich 東京 😀" />\n', { a: '😀 Zürich 東京 😀' }],
    ['a multi-line element', '\t<event\n\t\ttime="2.5"\n\t\ttype="x"\n\t\ta="1"\n\t/>\n', { a: '1' }],
    ['no space before />, and a greater-than sign in a value', '\t<event time="2.5" type="x" a="a>b"/>\n', { a: 'a>b' }],
  ])('%s', async (_, element, expected) => {
    const text = PROLOG + EVENTS_BEFORE + element + EVENTS_AFTER;
    const outcome = await bothAgree(text);
    expect(outcome.error).toBeUndefined();
    for (const size of [undefined, 3, 64]) {
      const tagged = await readTagged(text, size);
      expect(tagged.every((t) => t.by === 'scanner')).toBe(true);
      expect(tagged[2]!.event.attributes).toMatchObject(expected);
    }
  });

  test('CR LF line ends, also cut between CR and LF, count as saxes counts them', async () => {
    const text = (PROLOG + EVENTS_BEFORE + EVENTS_AFTER).replaceAll('\n', '\r\n');
    await bothAgree(text);
    expect((await readTagged(text, 2)).every((t) => t.by === 'scanner')).toBe(true);
    const broken = text.replace('time="3.0"', 'time="3.0" &bad;');
    const outcome = await bothAgree(broken);
    expect(outcome.error).toMatchObject({ code: 'malformed-xml', line: 5 });
  });

  test('a DOCTYPE with a SYSTEM id and comments before the root', async () => {
    const text = `<?xml version="1.0"?>\n<!-- out -->\n<!DOCTYPE events SYSTEM "http://www.matsim.org/files/dtd/events_v1.dtd">\n<events>\n${EVENTS_BEFORE}${EVENTS_AFTER}`;
    await bothAgree(text);
    const tagged = await readTagged(text);
    expect(tagged.map((t) => t.by)).toEqual(['scanner', 'scanner', 'scanner', 'scanner']);
  });

  test('an attribute named __proto__ or constructor is a plain attribute, as with saxes', async () => {
    const text = `${PROLOG}\t<event time="1.0" type="x" __proto__="p" constructor="c" />\n</events>`;
    const outcome = await bothAgree(text);
    expect(outcome.events).toHaveLength(1);
    const [tagged] = await readTagged(text);
    expect(tagged!.by).toBe('scanner');
    expect(Object.entries(tagged!.event.attributes!)).toEqual([
      ['time', '1.0'],
      ['type', 'x'],
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
    expect('toString' in tagged!.event.attributes!).toBe(false);
  });
});

describe('documents saxes reads whole', () => {
  test.each([
    ['XML 1.1 (other characters allowed)', `<?xml version="1.1"?>\n<events>\n${EVENTS_BEFORE}${EVENTS_AFTER}`],
    ['a root element that is closed at once', '<events/>'],
    ['a start tag spread over a comment (the guess of where the root starts is only checked)', `<!-- <events> -->\n<events>\n${EVENTS_BEFORE}${EVENTS_AFTER}`],
  ])('%s', async (_, text) => {
    const outcome = await bothAgree(text);
    expect(outcome.error).toBeUndefined();
  });
});

describe('limits that keep the fast path linear', () => {
  test('an element longer than a megabyte goes to saxes, which streams it, instead of being re-scanned per chunk', async () => {
    const long = 'x'.repeat(1_500_000);
    const text = `${PROLOG}${EVENTS_BEFORE}\t<event time="2.5" type="x" a="${long}" />\n${EVENTS_AFTER}`;
    const tagged = await readTagged(text, 65_536);
    expect(tagged.map((t) => t.by)).toEqual(['scanner', 'scanner', 'saxes', 'saxes', 'saxes']);
    expect(tagged[2]!.event.attributes!.a).toBe(long);
  });

  test('a root start tag after more than a megabyte of prolog: saxes reads the document', async () => {
    const text = `<!--${'-x'.repeat(600_000)}-->\n<events>\n${EVENTS_BEFORE}${EVENTS_AFTER}`;
    const tagged = await readTagged(text, 65_536);
    expect(tagged.map((t) => t.by)).toEqual(['saxes', 'saxes', 'saxes', 'saxes']);
  });
});

describe('errors: the same code, line and column as saxes alone', () => {
  test.each([
    ['an unknown entity', 'a="&nbsp;"', 'malformed-xml', 6],
    ['a reference to a forbidden character', 'a="&#0;"', 'malformed-xml', 6],
    ['an uppercase X in a hex reference', 'a="&#X41;"', 'malformed-xml', 6],
    ['a raw < in a value', 'a="<"', 'malformed-xml', 6],
    // saxes notices only at the next `<`, a line further down.
    ['a missing quote', 'a="1 />', 'malformed-xml', 7],
    ['an unquoted value', 'a=1', 'malformed-xml', 6],
    ['a duplicate attribute', 'time="5.0"', 'malformed-xml', 6],
    ['no space between attributes', 'a="1"b="2"', 'malformed-xml', 6],
    ['a control character', 'a="\u0001"', 'malformed-xml', 6],
    ['U+FFFE', 'a="\uFFFE"', 'malformed-xml', 6],
    ['a time that is not a number', 'time2="x" a="1"', undefined, undefined],
  ])('%s', async (_, attribute, code, errorLine) => {
    const text = `${PROLOG}${EVENTS_BEFORE}\n\t<event time="3.0" type="left link" link="l" vehicle="v" ${attribute} />\n${EVENTS_AFTER}`;
    const outcome = await bothAgree(text);
    if (code === undefined) return expect(outcome.error).toBeUndefined();
    expect(outcome.error).toMatchObject({ code, line: errorLine });
    expect(outcome.error!.column).toBeGreaterThan(0);
  });

  test('a builder error (invalid-value) is placed just after its element, on the element’s last line', async () => {
    const text = `${PROLOG}${EVENTS_BEFORE}\t<event type="left link" link="l" vehicle="v"\n time="soon" />\n${EVENTS_AFTER}`;
    const outcome = await bothAgree(text);
    expect(outcome.error).toMatchObject({ code: 'invalid-value', line: 6, column: 15 });
    const astral = `${PROLOG}${EVENTS_BEFORE}\t<event time="1.0" type="actend" link="😀😀" actType="h" />\n${EVENTS_AFTER}`;
    expect((await bothAgree(astral)).error).toMatchObject({ code: 'invalid-value', line: 5, column: 57 });
  });

  test.each([
    ['the end tag missing', `${PROLOG}${EVENTS_BEFORE}`, 'truncated'],
    ['cut inside an element', `${PROLOG}${EVENTS_BEFORE}\t<event time="3.0" type="le`, 'truncated'],
    ['cut inside a reference', `${PROLOG}${EVENTS_BEFORE}\t<event time="3.0" type="a&am`, 'truncated'],
    ['the wrong end tag', `${PROLOG}${EVENTS_BEFORE}</event>`, 'malformed-xml'],
    ['junk after the root', `${PROLOG}${EVENTS_BEFORE}</events>\njunk`, 'malformed-xml'],
    ['a second root', `${PROLOG}${EVENTS_BEFORE}</events>\n<events></events>`, 'malformed-xml'],
    ['another root', `<?xml version="1.0"?>\n<network>${EVENTS_BEFORE}</network>`, 'unexpected-root'],
    ['a DOCTYPE with an internal subset', `<!DOCTYPE events [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<events>${EVENTS_BEFORE}</events>`, 'forbidden-doctype'],
    ['nothing', '', 'malformed-xml'],
    ['whitespace only', ' \n\t ', 'malformed-xml'],
  ])('%s', async (_, text, code) => {
    expect((await bothAgree(text)).error?.code).toBe(code);
  });
});
