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

/** The labels present on the runs, each once (ignoring case), sorted for a filter's options. */
export function labelsOf(runs: readonly Pick<RunSummary, 'labels'>[]): string[] {
  const byKey = new Map<string, string>();
  for (const label of runs.flatMap((run) => run.labels)) if (!byKey.has(label.toLocaleLowerCase())) byKey.set(label.toLocaleLowerCase(), label);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

/** The runs that carry `label` (ignoring case); all runs without a label. */
export function withLabel<T extends Pick<RunSummary, 'labels'>>(runs: readonly T[], label: string | null): T[] {
  if (!label) return [...runs];
  const key = label.toLocaleLowerCase();
  return runs.filter((run) => run.labels.some((l) => l.toLocaleLowerCase() === key));
}
