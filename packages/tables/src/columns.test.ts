import { describe, expect, it } from 'vitest';
import { modernColumnNames } from './columns.ts';

describe('modernColumnNames', () => {
  it('names the old scorestats.txt and modestats.txt columns as the CSV files do', () => {
    expect(modernColumnNames(['ITERATION', 'avg. EXECUTED', 'avg. WORST', 'avg. AVG', 'avg. BEST'])).toEqual([
      'iteration',
      'avg_executed',
      'avg_worst',
      'avg_average',
      'avg_best',
    ]);
    expect(modernColumnNames(['Iteration', 'car', 'pt'])).toEqual(['iteration', 'car', 'pt']);
  });

  it('keeps other names, and never makes two columns of one name', () => {
    expect(modernColumnNames(['person', 'trip_number', 'dep_time'])).toEqual(['person', 'trip_number', 'dep_time']);
    expect(modernColumnNames(['iteration', 'x', 'Iteration'])).toEqual(['iteration', 'x', 'Iteration']);
    expect(modernColumnNames(['ITERATION', 'avg. BEST', 'avg_best'])).toEqual(['iteration', 'avg. BEST', 'avg_best']);
  });
});
