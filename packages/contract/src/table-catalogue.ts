/**
 * The tables of datasets as listed, imported and browsed (spec 3 §2.1, §7; spec 1 §7.4 "import-as-table"). Apart
 * from tables.ts (the query) so the first page, which queries run tables, does not carry it.
 */
import { z } from 'zod';
import { ExactText } from './strings.ts';
import { TableInfo } from './tables.ts';

/** A table as listed for a dataset: the catalogue entry plus where it came from (spec 3 §2.1 Tables box). */
export const DatasetTable = TableInfo.extend({
  fileName: z.string().nullable(),
  rowCount: z.number().int().nullable(),
  /** A run's live table (memory, scoreStats, modeStats): kept by the platform, cannot be deleted. */
  live: z.boolean(),
});
export type DatasetTable = z.infer<typeof DatasetTable>;
/** GET /datasets/groups/{groupId}/tables: the group's datasets and their tables. */
export const GroupTablesAnswer = z.object({
  datasets: z.array(z.object({ id: z.number().int(), name: z.string(), datasetType: z.number().int(), groupId: z.number().int() })),
  tables: z.record(z.string(), z.array(DatasetTable)),
});
export type GroupTablesAnswer = z.infer<typeof GroupTablesAnswer>;
/** POST /datasets/datasets/{id}/import-as-table/{fileId}: an optional table name (the file's name without extensions otherwise). */
export const ImportTableBody = z.object({ name: ExactText().trim().max(100).optional() }).nullish();
export type ImportTableBody = z.infer<typeof ImportTableBody>;
/** Files whose names end so can be imported as tables. */
export const IMPORTABLE_TABLE_FILE = /\.(csv|csv\.gz|csv\.zst|txt|txt\.gz|tsv|tsv\.gz)$/i;
export const isImportableTableFile = (name: string) => IMPORTABLE_TABLE_FILE.test(name);
/** MATSim's standard output tables: run post-processing imports them, named so (dashboard templates use them). */
export const STANDARD_RUN_TABLES = [
  'output_trips',
  'output_legs',
  'output_persons',
  'scorestats',
  'modestats',
  'traveldistancestats',
  'pkm_modestats',
  'ph_modestats',
] as const;

/**
 * The table name a file gets when none is given: its base name without extensions, e.g. output_trips; a standard
 * output table loses the run id MATSim may put in front (`run1.output_trips.csv.gz` → output_trips).
 */
export function defaultTableName(fileName: string): string {
  const base = (fileName.split('/').pop() ?? fileName).replace(/\.(gz|zst)$/i, '').replace(/\.(csv|txt|tsv)$/i, '');
  const standard = STANDARD_RUN_TABLES.find((name) => base === name || base.endsWith(`.${name}`));
  return standard ?? base;
}

/** GET /datasets/groups/{groupId}/browse: the group's datasets as a tree (scenarios with their runs) and their files. */
// Recursive: the server registers it with the id `BrowseNode` for the OpenAPI document (no side effect here, so
// bundles that do not use it drop it).
export const BrowseNode = z.object({
  meta: z.object({
    kind: z.enum(['group', 'dataset']),
    id: z.number().int(),
    name: z.string(),
    datasetType: z.number().int().optional(),
    tableCount: z.number().int().optional(),
  }),
  get children(): z.ZodArray<typeof BrowseNode> {
    return z.array(BrowseNode);
  },
  files: z.array(z.object({ id: z.number().int(), name: z.string(), size: z.number(), importable: z.boolean(), table: z.string().nullable() })),
});
export type BrowseNode = z.infer<typeof BrowseNode>;
