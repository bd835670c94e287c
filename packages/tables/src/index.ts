export { buildTableQuery, TableQueryError, TABLE_QUERY_ROW_LIMIT, quoteIdentifier, type BuildOptions, type BuiltQuery, type QueryTable } from './query.ts';
export { detectSeparator, headerCells, type Separator } from './separator.ts';
export * from './columns.ts';
