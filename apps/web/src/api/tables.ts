/**
 * Tables of datasets (spec 1 §7.4, spec 3 §7 "Dashboards and tables"): the lists, the file browser tree, import of a
 * csv file as a table, deletion and the query call. Shared by the dashboards list, the dashboard page, the chart
 * editor and the run Files tab.
 */
import { BrowseNode, GroupTablesAnswer, TablesAnswer } from '@corridor/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** The query call lives with the run charts that used it first; one function for every caller. */
export { queryTable } from './runs.ts';

/** GET /datasets/groups/{groupId}/tables: the group's datasets and their tables (with originating file, live flag). */
export function useGroupTables(groupId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.groupTables(groupId ?? -1),
    queryFn: () => api.get(`/datasets/groups/${groupId}/tables`, GroupTablesAnswer),
    enabled: groupId !== undefined,
  });
}

/** GET /datasets/tables: datasets and tables of all the user's groups. */
export function useAllTables() {
  return useQuery({
    queryKey: queryKeys.allTables,
    queryFn: () => api.get('/datasets/tables', TablesAnswer),
  });
}

/** GET /datasets/groups/{groupId}/browse: scenarios with their runs and their files, for file browsers. */
export function useBrowse(groupId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.browse(groupId ?? -1),
    queryFn: () => api.get(`/datasets/groups/${groupId}/browse`, BrowseNode),
    enabled: groupId !== undefined,
  });
}

/**
 * POST /datasets/datasets/{id}/import-as-table/{fileId}. The name is sent only when it is not blank (spec 3 §5:
 * otherwise the server names the table after the file). Resolves with the server's answer as it is.
 */
export function importAsTable(datasetId: number, fileId: number, name?: string): Promise<unknown> {
  const trimmed = name?.trim();
  return api.post(`/datasets/datasets/${datasetId}/import-as-table/${fileId}`, undefined, {
    json: trimmed ? { name: trimmed } : {},
  });
}

/** DELETE /datasets/datasets/{id}/tables/{table}. */
export function deleteTable(datasetId: number, table: string): Promise<unknown> {
  return api.delete(`/datasets/datasets/${datasetId}/tables/${encodeURIComponent(table)}`);
}

/** After an import or a delete: every table list and browse tree is stale. */
export function useInvalidateTables() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.tables });
}
