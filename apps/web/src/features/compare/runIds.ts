/**
 * The runs of /{group}/compare?runs=1,2,…: numeric ids in the given order, each once. Anything else in the list
 * (blanks, words, negative or fractional numbers) is left out rather than failing the page.
 */
export function parseRunIds(param: string | null): number[] {
  const ids: number[] = [];
  for (const part of (param ?? '').split(',')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const id = Number(text);
    if (Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The new dashboard that compares the first two runs (spec 3 §2.2: "Dataset 1" and "Dataset 2"), filled from a
 * dashboard template whose charts compare across both (issue 25).
 */
export function compareDashboardPath(group: string, ids: readonly number[], template: 'overview' | 'trips'): string {
  return `/${encodeURIComponent(group)}/dashboards/new?datasets=${ids.slice(0, 2).join(',')}&template=${template}`;
}

/** Manage Tables with the run preselected, to import its output_trips (the dashboards' `?import=` address). */
export function tablesImportPath(group: string, runId: number): string {
  return `/${encodeURIComponent(group)}/dashboards?import=${runId}`;
}
