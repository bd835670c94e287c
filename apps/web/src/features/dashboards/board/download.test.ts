import { describe, expect, it } from 'vitest';
import { pngFileName } from './download.ts';

describe('pngFileName', () => {
  it('keeps a plain name and replaces unsafe characters', () => {
    expect(pngFileName('Trips by mode')).toBe('Trips by mode.png');
    expect(pngFileName('a/b:c?')).toBe('a_b_c_.png');
    expect(pngFileName('  ')).toBe('chart.png');
  });
});
