import { describe, expect, it } from 'vitest';
import { comparisonSummary } from './summary.ts';

const closed = { id: 3, name: 'Link 3 closed', modifications: 2 };

describe('the comparison summary (issue 25)', () => {
  it('does not say "do not differ" above a Changesets row marked as differing', () => {
    expect(comparisonSummary(0, [[closed], []])).toEqual({ key: 'compare.onlyChangesetsDiffer', count: 0 });
    expect(comparisonSummary(2, [[closed], []])).toEqual({ key: 'compare.differencesAndChangesets', count: 2 });
  });

  it('counts the settings alone when the runs applied the same changesets, or none', () => {
    expect(comparisonSummary(0, [[closed], [closed]])).toEqual({ key: 'compare.noDifferences', count: 0 });
    expect(comparisonSummary(0, [[], [], null])).toEqual({ key: 'compare.noDifferences', count: 0 });
    expect(comparisonSummary(1, [[], []])).toEqual({ key: 'compare.differences', count: 1 });
  });
});
