import { describe, expect, test } from 'vitest';
import { random } from '../../test/random.ts';
import { parseEventNumber } from './build.ts';

describe('parseEventNumber', () => {
  test('decimal fractions give exactly the double of +text, up to and beyond the exact fast path', () => {
    const next = random(31);
    const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
    const texts = ['0.5', '0.1', '0.3', '1.50', '21648.5', '4522191.165414093', '5826405.9233287405', '9007199254740.993', '999999999999999.9'];
    for (let i = 0; i < 20_000; i++) texts.push(`${digits(1 + Math.floor(next() * 14))}.${digits(1 + Math.floor(next() * 22))}`);
    for (const text of texts) expect(Object.is(parseEventNumber(text), +text), text).toBe(true);
  });

  test('whole numbers, zero fractions and what +text or MATSim read', () => {
    for (const [text, value] of [['21648.0', 21648], ['7', 7], ['0.000', 0], ['-0.0', -0], ['-12.25', -12.25], ['1.0E7', 1e7], ['Infinity', Infinity], ['-Infinity', -Infinity], ['NaN', NaN]] as const) {
      expect(Object.is(parseEventNumber(text), value), text).toBe(true);
    }
    expect(parseEventNumber('1.5x')).toBeNaN();
  });
});
