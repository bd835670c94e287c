/** Addresses of a scenario's pages: groups and keys are path segments of their own. */
export function groupPath(groupName: string): string {
  return `/${encodeURIComponent(groupName)}`;
}

export function scenarioPath(scenario: { groupName: string; key: string }, page = ''): string {
  const base = `${groupPath(scenario.groupName)}/${encodeURIComponent(scenario.key)}`;
  return page ? `${base}/${page}` : base;
}

/** /scenarios/add, with the team preselected when coming from a team's list. */
export function addScenarioPath(groupName?: string): string {
  return groupName ? `/scenarios/add?group=${encodeURIComponent(groupName)}` : '/scenarios/add';
}

/** The file view of one of the scenario's files (spec 1 §2.13). */
export function editFilePath(
  scenario: { groupName: string; key: string },
  file: { id: number; name: string },
): string {
  const query = new URLSearchParams({ id: String(file.id), file: file.name });
  return `${scenarioPath(scenario, 'edit-file')}?${query.toString()}`;
}
