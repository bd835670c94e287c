/** Addresses of the dashboard pages (spec 3 §2.1, §2.2): /{group}/dashboards and /{group}/dashboards/{id|new}. */
export function dashboardsPath(groupName: string): string {
  return `/${encodeURIComponent(groupName)}/dashboards`;
}

export function dashboardPath(groupName: string, id: number | 'new'): string {
  return `${dashboardsPath(groupName)}/${id}`;
}

/** Manage Tables with the dataset preselected (the "Import data..." links, the run Files tab). */
export function tablesImportPath(groupName: string, datasetId: number): string {
  return `${dashboardsPath(groupName)}?import=${datasetId}`;
}
