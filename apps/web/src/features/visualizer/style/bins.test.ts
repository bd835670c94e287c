import { describe, expect, it } from 'vitest';
import {
  binErrors,
  binsOverRange,
  binsValid,
  canDeleteBin,
  deleteBin,
  insertColorBin,
  insertNumberBin,
  newBoundary,
  toggleColorExtra,
  toggleNumberExtra,
} from './bins.ts';
import type { ColorStrategyOf, NumberStrategyOf } from './types.ts';

const colorBins = (...values: number[]) => values.map((value) => ({ value, color: '#ffffff' }));

describe('bin list rules', () => {
  it('flags a boundary not above the previous one', () => {
    expect(binErrors(colorBins(0, 5, 5, 3, 10))).toEqual([false, false, true, true, false]);
    expect(binErrors(colorBins(0, NaN))).toEqual([false, true]);
    expect(binsValid(colorBins(0, 1))).toBe(true);
    expect(binsValid(colorBins(1, 0))).toBe(false);
    expect(binsValid(colorBins(0))).toBe(false);
  });

  it('keeps at least two boundaries', () => {
    expect(canDeleteBin(colorBins(0, 1))).toBe(false);
    expect(deleteBin(colorBins(0, 1), 0)).toHaveLength(2);
    expect(canDeleteBin(colorBins(0, 1, 2))).toBe(true);
    expect(deleteBin(colorBins(0, 1, 2), 1).map((b) => b.value)).toEqual([0, 2]);
  });

  it('inserts in the middle, or one last step beyond the ends', () => {
    expect(newBoundary([0, 10, 30], 1)).toBe(5);
    expect(newBoundary([0, 10, 30], 2)).toBe(20);
    expect(newBoundary([0, 10, 30], 3)).toBe(50);
    expect(newBoundary([0, 10, 30], 0)).toBe(-10);
    expect(newBoundary([4], 1)).toBe(5);
    expect(newBoundary([4, 4], 2)).toBe(5);
  });

  it('starts new colour bins grey and new number bins with their neighbour', () => {
    const bins = insertColorBin(colorBins(0, 10), 1);
    expect(bins).toEqual([
      { value: 0, color: '#ffffff' },
      { value: 5, color: '#808080' },
      { value: 10, color: '#ffffff' },
    ]);
    expect(insertColorBin(colorBins(0, 10), 99).map((b) => b.value)).toEqual([0, 10, 20]);
    const numbers = insertNumberBin(
      [
        { value: 0, number: 2 },
        { value: 1, number: 6 },
      ],
      0,
    );
    expect(numbers[0]).toEqual({ value: -1, number: 2 });
  });

  it('switches the below, above and NaN options on with grey, grey, red and off again', () => {
    let s: ColorStrategyOf<'bin'> = { type: 'bin', bins: colorBins(0, 1) };
    s = toggleColorExtra(s, 'negInfColor', true);
    s = toggleColorExtra(s, 'infColor', true);
    s = toggleColorExtra(s, 'nanColor', true);
    expect(s).toMatchObject({ negInfColor: '#808080', infColor: '#808080', nanColor: '#ff0000' });
    s = toggleColorExtra({ ...s, nanColor: '#00ff00' }, 'nanColor', true);
    expect(s.nanColor).toBe('#00ff00');
    s = toggleColorExtra(s, 'infColor', false);
    expect('infColor' in s).toBe(false);
    let n: NumberStrategyOf<'bin'> = { type: 'bin', bins: [{ value: 0, number: 1 }, { value: 1, number: 1 }] };
    n = toggleNumberExtra(n, 'nan', true);
    expect(n.nan).toBe(0);
    expect('nan' in toggleNumberExtra(n, 'nan', false)).toBe(false);
  });

  it('cuts a range into equal steps for fresh bins', () => {
    expect(binsOverRange({ min: 0, max: 10 }, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(binsOverRange(null, 2)).toEqual([0, 0.5, 1]);
    expect(binsOverRange({ min: 3, max: 3 }, 1)).toEqual([3, 4]);
  });
});
