import { describe, expect, it } from 'vitest';
import { binIndex, binLabel, binValues, idsInBins } from './binning.ts';

describe('binValues', () => {
  it('spreads values over equal-width bins, the maximum in the last', () => {
    const binning = binValues([0, 1, 2, 9.99, 10], 5);
    expect(binning).toMatchObject({ min: 0, max: 10, width: 2 });
    expect(binning.counts).toEqual([2, 1, 0, 0, 2]);
    expect(binLabel(binning, 1)).toBe('2–4');
  });

  it('puts equal values into the first bin and skips non-finite ones', () => {
    const binning = binValues([3, 3, Number.NaN], 20);
    expect(binning.counts[0]).toBe(2);
    expect(binning.counts.reduce((a, b) => a + b)).toBe(2);
    expect(binValues([], 20).counts).toHaveLength(20);
  });

  it('clamps indexes to the bins', () => {
    const binning = binValues([0, 100], 20);
    expect(binIndex(binning, 100)).toBe(19);
    expect(binIndex(binning, -5)).toBe(0);
    expect(binIndex(binning, 50)).toBe(10);
  });
});

describe('idsInBins', () => {
  it('finds the items of the brushed bins', () => {
    const items = [
      { id: 'a', v: 0 },
      { id: 'b', v: 5 },
      { id: 'c', v: 10 },
    ];
    const binning = binValues(items.map((item) => item.v), 20);
    const ids = idsInBins(items, (item) => item.v, (item) => item.id, binning, new Set([10, 19]));
    expect([...ids]).toEqual(['b', 'c']);
  });
});
