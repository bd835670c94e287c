import { describe, expect, it } from 'vitest';
import { totalOf, withShares } from './summaryShares.ts';

describe('withShares', () => {
  it('gives each row its part of the total, in the given order', () => {
    const rows = [{ mode: 'car', count: 3 }, { mode: 'pt', count: 1 }];
    expect(withShares(rows, (row) => row.count)).toEqual([
      { row: rows[0], share: 0.75 },
      { row: rows[1], share: 0.25 },
    ]);
  });
  it('is 0 for every row when nothing was counted, and empty for no rows', () => {
    expect(withShares([{ count: 0 }], (row) => row.count)).toEqual([{ row: { count: 0 }, share: 0 }]);
    expect(withShares([], () => 1)).toEqual([]);
  });
});

describe('totalOf', () => {
  it('adds the counts', () => {
    expect(totalOf([{ n: 2 }, { n: 5 }], (row) => row.n)).toBe(7);
    expect(totalOf([], () => 1)).toBe(0);
  });
});
