import { describe, expect, it } from 'vitest';
import { formatSeriesValue } from './seriesFormat.ts';

describe('series value formatting (spec 1 §9)', () => {
  it('keeps 6 significant digits under 10', () => {
    expect(formatSeriesValue(1.23456789)).toBe('1.23457');
    expect(formatSeriesValue(-9.87654321)).toBe('-9.87654');
    expect(formatSeriesValue(0.000123456789)).toBe('0.000123457');
  });

  it('keeps 5 significant digits from 10 on', () => {
    expect(formatSeriesValue(12.3456789)).toBe('12.346');
    expect(formatSeriesValue(109.818234)).toBe('109.82');
    expect(formatSeriesValue(123456.7)).toBe('123460');
  });

  it('trims trailing zeros', () => {
    expect(formatSeriesValue(2.5)).toBe('2.5');
    expect(formatSeriesValue(100)).toBe('100');
    expect(formatSeriesValue(0)).toBe('0');
    expect(formatSeriesValue(1.1)).toBe('1.1');
  });
});
