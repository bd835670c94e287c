import { describe, expect, test } from 'vitest';
import { readXml } from './sax.ts';
import { escapeXml, escapeXmlText, xmlAttributes } from './writer.ts';

describe('XML escaping', () => {
  test('attribute values escape markup, quotes and whitespace that XML would turn into spaces', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe(`a&lt;b&gt;&amp;&quot;c'`);
    expect(escapeXml('tab\tline\nreturn\r')).toBe('tab&#9;line&#10;return&#13;');
    expect(escapeXml('plain value 1.5')).toBe('plain value 1.5');
  });

  test('element content leaves quotes alone, as MATSim writes JSON routes', () => {
    expect(escapeXmlText('{"a":"<b>"}')).toBe('{"a":"&lt;b&gt;"}');
  });

  test('every escaped attribute value reads back unchanged', async () => {
    const value = 'x<y & "z"\n\tnext\rline';
    let read: string | undefined;
    await readXml(new TextEncoder().encode(`<a${xmlAttributes([['v', value]])}/>`), {
      open: (_name, attrs) => (read = attrs.v),
    });
    expect(read).toBe(value);
  });
});
