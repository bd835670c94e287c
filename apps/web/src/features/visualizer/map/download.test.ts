import { describe, expect, test } from 'vitest';
import { wrapLines } from './download.ts';

/** One unit per character. */
const measure = (text: string) => text.length;

describe('legend panel text', () => {
  test('wraps words into lines of the width, keeping at most three lines', () => {
    expect(wrapLines(measure, 'link volume Data Source 1 − Data Source 2 (%)', 20)).toEqual(['link volume Data', 'Source 1 − Data', 'Source 2 (%)']);
    expect(wrapLines(measure, 'short', 20)).toEqual(['short']);
    expect(wrapLines(measure, 'a b c d e f', 1, 3)).toEqual(['a', 'b', 'c d e f']);
  });
});
