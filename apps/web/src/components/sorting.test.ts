import { describe, expect, it } from 'vitest';
import { sortItems } from './sorting.ts';

describe('sortItems', () => {
  const names = ['run 10', 'Run 2', 'alpha'];

  it('sorts text naturally and case-insensitively', () => {
    expect(sortItems(names, (name) => name, 'asc')).toEqual(['alpha', 'Run 2', 'run 10']);
    expect(sortItems(names, (name) => name, 'desc')).toEqual(['run 10', 'Run 2', 'alpha']);
  });

  it('sorts numbers numerically and keeps missing values last', () => {
    const items = [{ size: 10 }, { size: null }, { size: 9 }];
    expect(sortItems(items, (item) => item.size, 'asc')).toEqual([{ size: 9 }, { size: 10 }, { size: null }]);
    expect(sortItems(items, (item) => item.size, 'desc')).toEqual([{ size: 10 }, { size: 9 }, { size: null }]);
  });

  it('does not change its input', () => {
    const input = [2, 1];
    sortItems(input, (value) => value, 'asc');
    expect(input).toEqual([2, 1]);
  });
});
