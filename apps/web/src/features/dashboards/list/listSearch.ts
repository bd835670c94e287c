/**
 * The dashboards list keeps its state in the address (spec 3 §2.1): `?tab=tables` for Manage Tables and
 * `?import={datasetId}` for the chosen dataset. `import` alone (the "Import data..." links) opens the tables tab.
 */
export const LIST_TABS = ['dashboards', 'tables'] as const;
export type ListTab = (typeof LIST_TABS)[number];

export function tabOf(search: URLSearchParams): ListTab {
  if (search.get('tab') === 'tables' || search.has('import')) return 'tables';
  return 'dashboards';
}

/** The dataset the address preselects; undefined unless it is a positive whole number. */
export function importDatasetOf(search: URLSearchParams): number | undefined {
  const value = search.get('import');
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** The address search after a tab change: the dashboards tab drops the dataset choice. */
export function withTab(search: URLSearchParams, tab: ListTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === 'tables') {
    next.set('tab', 'tables');
  } else {
    next.delete('tab');
    next.delete('import');
  }
  return next;
}

/** The address search after a dataset choice on the tables tab. */
export function withDataset(search: URLSearchParams, datasetId: number | undefined): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('tab', 'tables');
  if (datasetId === undefined) next.delete('import');
  else next.set('import', String(datasetId));
  return next;
}
