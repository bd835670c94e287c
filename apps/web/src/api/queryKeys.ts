/** Query keys in one place, so invalidation and cache updates name the same thing. */
export const queryKeys = {
  session: ['session'] as const,
  featuresEnabled: ['features', 'enabled'] as const,
  group: (name: string) => ['groups', 'find', name] as const,
  groupDetail: (id: number) => ['groups', 'detail', id] as const,
  /** Every scenario list (all teams and per group) starts with this. */
  scenarios: ['scenarios'] as const,
  scenarioList: (groupId?: number) => ['scenarios', groupId ?? 'all'] as const,
  dataset: (id: number) => ['datasets', id] as const,
  datasetAccess: (id: number) => ['datasets', id, 'users'] as const,
  changesets: (id: number) => ['datasets', id, 'changesets'] as const,
  relations: (id: number) => ['datasets', id, 'relations'] as const,
  derivedFiles: (fileId: number) => ['files', fileId, 'derived'] as const,
  scenarioTemplates: ['scenario-templates'] as const,
  jobTemplates: ['job-templates'] as const,
  crs: (query: string) => ['crs', query] as const,
  /** Every run list (all teams and per group) starts with this. */
  runs: ['runs'] as const,
  runList: (groupId?: number) => ['runs', groupId ?? 'all'] as const,
  run: (id: number) => ['run', id] as const,
  runSysfiles: (id: number) => ['run', id, 'sysfiles'] as const,
  runTable: (id: number, table: string) => ['run', id, 'tables', table] as const,
  jobs: ['jobs'] as const,
  job: (id: number) => ['jobs', id] as const,
  runners: ['runners'] as const,
  /** Every table list (all, per group, browse trees) starts with this: an import or delete refreshes them all. */
  tables: ['tables'] as const,
  allTables: ['tables', 'all'] as const,
  groupTables: (groupId: number) => ['tables', 'group', groupId] as const,
  browse: (groupId: number) => ['tables', 'browse', groupId] as const,
  /** Every dashboard list and dashboard starts with this. */
  dashboards: ['dashboards'] as const,
  dashboardList: (groupId: number) => ['dashboards', 'group', groupId] as const,
  dashboard: (id: number) => ['dashboards', 'one', id] as const,
  chart: (id: number) => ['charts', id] as const,
};
