/**
 * Tables of datasets (spec 1 §7.4, spec 3 §7 "Dashboards and tables"): the lists, the file browser tree, import of a
 * csv file as a table, deletion and the query call. Shared by the dashboards list, the dashboard page, the chart
 * editor and the run Files tab.
 */
import { BrowseNode, type DatasetTable, defaultTableName, GroupTablesAnswer, TablesAnswer } from '@corridor/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

/** Where one file's import stands (spec 3 §4 "Import of a csv as table"); no entry means none (Add shown). */
export type TableImportState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'imported'; table: string };

/** The table name the import answer names, else the one asked for, else the file's default name. */
export function importedTableName(answer: unknown, requested: string | undefined, fileName: string): string {
  if (answer && typeof answer === 'object' && 'name' in answer && typeof answer.name === 'string') return answer.name;
  return requested?.trim() || defaultTableName(fileName);
}

/** The first table the catalogue lists for each originating file id (a file imported earlier, or by post-processing). */
export function tablesByFile(tables: readonly DatasetTable[] | undefined): ReadonlyMap<number, string> {
  const result = new Map<number, string>();
  for (const table of tables ?? []) {
    if (table.userFileId !== null && !result.has(table.userFileId)) result.set(table.userFileId, table.name);
  }
  return result;
}

/**
 * This page's own import of the file wins, except an "imported" the loaded catalogue no longer backs (the table was
 * deleted since); otherwise a table made from the file earlier shows as imported. `catalogueKnown` is false while the
 * dataset's tables are not known.
 */
export function fileImportState(
  own: TableImportState | undefined,
  catalogueTable: string | undefined,
  catalogueKnown: boolean,
): TableImportState | undefined {
  if (own?.status === 'imported' && catalogueKnown && catalogueTable === undefined) return undefined;
  return own ?? (catalogueTable === undefined ? undefined : { status: 'imported', table: catalogueTable });
}

/**
 * Per-file import of one dataset's files as tables, with the state of each (the run Files tab, Manage Tables);
 * `tables` is the dataset's catalogue, so files imported before show as imported. A failure keeps the server's
 * message for the warning icon's tooltip; a success refreshes every table list.
 */
export function useTableImports(datasetId: number | undefined, tables: readonly DatasetTable[] | undefined) {
  const [states, setStates] = useState<ReadonlyMap<number, TableImportState>>(new Map());
  const invalidate = useInvalidateTables();
  // Another dataset starts with no states (the Manage Tables dropdown switches datasets in place).
  const [forDataset, setForDataset] = useState(datasetId);
  if (forDataset !== datasetId) {
    setForDataset(datasetId);
    setStates(new Map());
  }
  const set = (fileId: number, state: TableImportState) => setStates((old) => new Map(old).set(fileId, state));

  const start = async (file: { id: number; name: string }, name?: string) => {
    if (datasetId === undefined || states.get(file.id)?.status === 'loading') return;
    set(file.id, { status: 'loading' });
    try {
      const answer = await importAsTable(datasetId, file.id, name);
      // The lists first, so the catalogue backs the "imported" state as soon as it shows.
      await invalidate();
      set(file.id, { status: 'imported', table: importedTableName(answer, name, file.name) });
    } catch (error) {
      set(file.id, { status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const byFile = tablesByFile(tables);
  return { stateOf: (fileId: number) => fileImportState(states.get(fileId), byFile.get(fileId), tables !== undefined), start };
}
