import { z } from 'zod';
import { ExactText } from './strings.ts';

/** Tables of a dataset and the query call (spec 1 §7.4, spec 3 §3 "Table"). */
export const TableFieldType = z.enum(['STRING', 'DOUBLE', 'LONG']);
export type TableFieldType = z.infer<typeof TableFieldType>;
export const TableField = z.object({ name: z.string(), type: TableFieldType });
export type TableField = z.infer<typeof TableField>;
export const TableInfo = z.object({ name: z.string(), userFileId: z.number().int().nullable(), fields: z.array(TableField) });
export type TableInfo = z.infer<typeof TableInfo>;
/** GET /datasets/tables */
export const TablesAnswer = z.object({
  datasets: z.array(z.object({ id: z.number().int(), name: z.string(), datasetType: z.number().int(), groupId: z.number().int() })),
  tables: z.record(z.string(), z.array(TableInfo)),
});
export type TablesAnswer = z.infer<typeof TablesAnswer>;

/** The live tables every run has (spec 1 §7.4 default run charts). */
export const RUN_TABLES = {
  memory: ['time', 'value', 'key'],
  scoreStats: ['iteration', 'value', 'key'],
  modeStats: ['iteration', 'value', 'key'],
} as const;
export type RunTableName = keyof typeof RUN_TABLES;

export const AGGREGATIONS = ['COUNT', 'SUM', 'AVG', 'NONE', 'MIN', 'MAX'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
/**
 * A dimension's bins (spec 3 §3 "binning"): a fixed interval (bin = floor(x / interval) * interval) or custom
 * edges (bin = the greatest edge not above x).
 */
export const TableBinning = z.union([
  z.object({ interval: z.number().positive().finite() }).strict(),
  z.object({ edges: z.array(z.number().finite()).min(1).max(1000) }).strict(),
]);
export type TableBinning = z.infer<typeof TableBinning>;
/**
 * Filter operators (spec 3 §9). `in`/`not in` take a comma-separated list in `value`; `last k` takes k in `value`
 * and keeps the rows whose column is among its k largest distinct values (e.g. the last k iterations).
 */
export const FILTER_OPERATORS = ['=', '<', '<=', '>', '>=', '!=', 'in', 'not in', 'last k'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const TableSelect = z.object({
  column: ExactText().max(100),
  aggregation: z.enum(AGGREGATIONS).optional(),
  binning: TableBinning.nullable().optional(),
});
export type TableSelect = z.infer<typeof TableSelect>;
export const TableFilter = z.object({ column: ExactText().max(100), is: z.enum(FILTER_OPERATORS), value: z.union([ExactText().max(1000), z.number()]) });
export type TableFilter = z.infer<typeof TableFilter>;
export const TABLE_SHAPES = ['RAW', 'PIVOT', 'BOXPLOT'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];
export const TableQuery = z.object({
  query: z.object({
    select: z.array(TableSelect),
    groupBy: z.array(z.object({ column: ExactText().max(100) })).default([]),
    where: z.array(TableFilter).default([]),
  }),
  shape: z.enum(TABLE_SHAPES),
});
export type TableQuery = z.infer<typeof TableQuery>;
/** RAW answer: columns and rows (values in column order). */
export const TableQueryAnswer = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))) });
export type TableQueryAnswer = z.infer<typeof TableQueryAnswer>;
