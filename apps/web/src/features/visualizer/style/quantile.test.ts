import { describe, expect, it } from 'vitest';
import { quantileClasses } from './quantile.ts';

/** The same classes the slow way: mid-rank of each value among the sorted non-NaN values. */
function naive(values: Float32Array, steps: number): number[] {
  const sorted = [...values].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return [...values].map((v) => {
    if (Number.isNaN(v)) return -1;
    const lo = sorted.findIndex((s) => s >= v);
    const end = sorted.findLastIndex((s) => s <= v) + 1;
    const t = sorted.length === 1 ? 0.5 : (lo + end - 1) / 2 / (sorted.length - 1);
    return Math.round(t * (steps - 1));
  });
}

describe('quantileClasses', () => {
  it('matches mid-ranks computed directly, with negatives, zeros, ties, infinities and NaN', () => {
    const values = Float32Array.from([3, -2, 0, -0, 7.5, 3, NaN, -Infinity, Infinity, 1e-30, -1e30, 3, 42]);
    expect([...quantileClasses(values, values.length, 512)]).toEqual(naive(values, 512));
    expect([...quantileClasses(values, values.length, 5)]).toEqual(naive(values, 5));
  });

  it('matches on random data', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 200 - 100;
    const values = Float32Array.from({ length: 2000 }, (_, i) => (i % 17 === 0 ? NaN : i % 5 === 0 ? Math.round(random()) : random()));
    expect([...quantileClasses(values, values.length, 512)]).toEqual(naive(values, 512));
  });

  it('puts a single value in the middle and spreads the lowest and highest to the ends', () => {
    expect([...quantileClasses(Float32Array.from([4]), 1, 11)]).toEqual([5]);
    expect([...quantileClasses(Float32Array.from([1, 1000, 2]), 3, 11)]).toEqual([0, 10, 5]);
  });

  it('reads only the first count values of a view into a larger buffer', () => {
    const buffer = new Float32Array([9, 1, 2, 3, 9]);
    const view = buffer.subarray(1, 4);
    expect([...quantileClasses(view, 2, 3)]).toEqual([0, 2]);
  });
});
