import type { RunSummary } from '@corridor/contract';

/** Newest created first (spec 3 §2.4); equal times by higher id. */
export function newestFirst<T extends Pick<RunSummary, 'created' | 'id'>>(runs: readonly T[]): T[] {
  return [...runs].sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || b.id - a.id);
}

/** Compare needs 2 or more runs: /{group}/compare?runs=1,2 (ids in list order); null below 2. */
export function comparePath(groupName: string, selected: readonly number[]): string | null {
  if (selected.length < 2) return null;
  return `/${encodeURIComponent(groupName)}/compare?runs=${selected.join(',')}`;
}
