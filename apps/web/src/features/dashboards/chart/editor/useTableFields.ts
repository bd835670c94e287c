/** The group's tables for the chart editor: the chosen dataset's tables and the chosen table's fields. */
import type { TableField } from '@corridor/contract';
import { useGroupTables } from '../../../../api/tables.ts';

export function useTableFields(groupId: number, datasetId: number | undefined, table: string) {
  const all = useGroupTables(groupId);
  const tables = datasetId === undefined ? [] : (all.data?.tables[String(datasetId)] ?? []);
  const fields: TableField[] = tables.find((t) => t.name === table)?.fields ?? [];
  const dataset = all.data?.datasets.find((d) => d.id === datasetId);
  return { loading: all.isPending, tables, fields, dataset };
}
