/**
 * The Changesets row of Compare Runs (issue 13): the changesets each run applied to its network, from the run
 * attribute `__changesets` ({id, name, modifications}) the schedule records.
 */
import { AppliedChangeset } from '@corridor/contract';
import { differingCells } from './differingCells.ts';

/** The run's applied changesets in order; [] for a run without (or with an unreadable) record. */
export function appliedChangesets(attributes: Record<string, unknown>): AppliedChangeset[] {
  const parsed = AppliedChangeset.array().safeParse(attributes.__changesets);
  return parsed.success ? parsed.data : [];
}

/** Cells to highlight: runs whose list (ids in order) differs from the most common one; null for a run not loaded. */
export function changesetHighlights(lists: readonly (AppliedChangeset[] | null)[]): boolean[] {
  const keys = lists.map((list) => (list === null ? undefined : list.map((changeset) => changeset.id).join(',')));
  const known = keys.map((key) => key !== undefined);
  const highlighted = differingCells(keys.filter((key) => key !== undefined));
  let position = 0;
  return known.map((isKnown) => (isKnown ? (highlighted[position++] ?? false) : false));
}
