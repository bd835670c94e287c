import type { AppliedChangeset } from '@corridor/contract';
import { changesetHighlights } from './appliedChangesets.ts';

export type SummaryKey = 'compare.noDifferences' | 'compare.differences' | 'compare.onlyChangesetsDiffer' | 'compare.differencesAndChangesets';

/**
 * The sentence above the comparison table (issue 25): the count of differing settings, and whether the Changesets row
 * is marked "differs" — it is not a setting, so "do not differ" used to stand above a differing changesets row.
 */
export function comparisonSummary(differences: number, changesets: readonly (AppliedChangeset[] | null)[]): { key: SummaryKey; count: number } {
  const changesetsDiffer = changesets.some((list) => list !== null && list.length > 0) && changesetHighlights(changesets).some(Boolean);
  if (changesetsDiffer) return { key: differences === 0 ? 'compare.onlyChangesetsDiffer' : 'compare.differencesAndChangesets', count: differences };
  return { key: differences === 0 ? 'compare.noDifferences' : 'compare.differences', count: differences };
}
