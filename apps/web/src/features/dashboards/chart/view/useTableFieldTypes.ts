/**
 * The column types of the table a chart draws, from the page group's table list (the dashboard page and the chart
 * editor load that list already, so this asks nothing new). Empty while loading or for a dataset of another group:
 * the chart then draws as if every column held decimals.
 */
import type { TableField } from '@corridor/contract';
import { useGroupTables } from '../../../../api/tables.ts';
import { useOptionalGroup } from '../../../groups/GroupContext.ts';

const NONE: readonly TableField[] = [];

export function useTableFieldTypes(datasetId: number | undefined, table: string): readonly TableField[] {
  const group = useOptionalGroup();
  const tables = useGroupTables(group?.id);
  if (datasetId === undefined) return NONE;
  return tables.data?.tables[String(datasetId)]?.find((t) => t.name === table)?.fields ?? NONE;
}
