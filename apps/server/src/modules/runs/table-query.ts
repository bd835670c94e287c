/**
 * The RAW shape of the table query (spec 1 §7.4) over a run's series: which columns a run table has, and the
 * SQL for select (raw values or COUNT/SUM/AVG/MIN/MAX), groupBy and where. Every user value becomes a
 * parameter; column names are looked up in a fixed list, never pasted into SQL.
 */
import { RUN_TABLES, type RunTableName, type TableInfo, type TableQuery } from '@corridor/contract';
import { sql, type SQL } from 'drizzle-orm';
import { runSeries } from '../../db/schema.ts';
import { badRequest } from '../../shared/errors.ts';

type FieldType = TableInfo['fields'][number]['type'];
interface Column {
  name: string;
  type: FieldType;
  expr: SQL;
}

export const ONLY_RAW = 'Only the RAW shape is supported for run tables.';
export const noColumn = (column: string, table: string) => `There is no column ${column} in the table ${table}.`;

export function isRunTable(name: string): name is RunTableName {
  return Object.hasOwn(RUN_TABLES, name);
}

/** The columns of a run table: x is `time` for memory and `iteration` for the statistics. */
export function runTableColumns(table: RunTableName): Column[] {
  const x: Column = table === 'memory' ? { name: 'time', type: 'DOUBLE', expr: sql`${runSeries.x}` } : { name: 'iteration', type: 'LONG', expr: sql`${runSeries.x}` };
  return [x, { name: 'value', type: 'DOUBLE', expr: sql`${runSeries.value}` }, { name: 'key', type: 'STRING', expr: sql`${runSeries.key}` }];
}

export function runTableInfo(table: RunTableName): TableInfo {
  return { name: table, userFileId: null, fields: runTableColumns(table).map(({ name, type }) => ({ name, type })) };
}

export interface QueryPlan {
  columns: string[];
  /** One SQL expression per answer column, in order; numeric ones read back as numbers. */
  select: { expr: SQL; numeric: boolean }[];
  where: SQL[];
  groupBy: SQL[];
  orderBy: SQL[];
}

/** The SQL parts of a RAW query, or a 400 naming what the run table cannot answer. */
export function planQuery(table: RunTableName, request: TableQuery): QueryPlan {
  if (request.shape !== 'RAW') throw badRequest(ONLY_RAW);
  const all = runTableColumns(table);
  const column = (name: string) => {
    const found = all.find((c) => c.name === name);
    if (!found) throw badRequest(noColumn(name, table));
    return found;
  };
  const { select, groupBy, where } = request.query;
  if (select.length === 0) throw badRequest('Select at least one column.');

  const aggregated = select.some((s) => s.aggregation !== undefined && s.aggregation !== 'NONE') || groupBy.length > 0;
  const grouped = new Set<string>(groupBy.map((g) => column(g.column).name));
  const selected = select.map((s) => {
    const c = column(s.column);
    if (s.binning !== undefined && s.binning !== null) throw badRequest('Binning is not supported for run tables.');
    const aggregation = s.aggregation ?? 'NONE';
    if (aggregation === 'NONE') {
      if (aggregated) grouped.add(c.name);
      return { expr: c.expr, numeric: c.type !== 'STRING' };
    }
    if (aggregation === 'COUNT') return { expr: sql`count(${c.expr})::integer`, numeric: true };
    if (c.type === 'STRING' && (aggregation === 'SUM' || aggregation === 'AVG')) {
      throw badRequest(`The aggregation ${aggregation} needs a numeric column, not ${c.name}.`);
    }
    return { expr: sql`${sql.raw(aggregation.toLowerCase())}(${c.expr})`, numeric: c.type !== 'STRING' };
  });

  // Ordered by x, then key (then value): all of them for raw rows, the grouped ones for aggregates.
  const [x, value, key] = all as [Column, Column, Column];
  const order = [x, key, value].filter((c) => !aggregated || grouped.has(c.name));
  return {
    columns: select.map((s) => s.column),
    select: selected,
    where: where.map((filter) => condition(column(filter.column), filter.is, filter.value)),
    groupBy: aggregated ? all.filter((c) => grouped.has(c.name)).map((c) => c.expr) : [],
    orderBy: order.map((c) => c.expr),
  };
}

const COMPARISONS = { '=': sql`=`, '!=': sql`<>`, '<': sql`<`, '<=': sql`<=`, '>': sql`>`, '>=': sql`>=` } as const;

function condition(c: Column, operator: TableQuery['query']['where'][number]['is'], value: string | number): SQL {
  if (operator === 'in' || operator === 'not in') {
    const values = String(value)
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map((v) => typed(c, v));
    if (values.length === 0) return operator === 'in' ? sql`false` : sql`true`;
    const list = sql.join(values.map((v) => sql`${v}`), sql`, `);
    return operator === 'in' ? sql`${c.expr} in (${list})` : sql`${c.expr} not in (${list})`;
  }
  if (operator === 'last k') throw badRequest('The filter "last k" is not supported for run tables.');
  return sql`${c.expr} ${COMPARISONS[operator]} ${typed(c, value)}`;
}

/** The filter value as the column's type: a number for numeric columns (400 when it is none). */
function typed(c: Column, value: string | number): string | number {
  if (c.type === 'STRING') return String(value);
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (typeof value === 'string' && value.trim() === '') throw badRequest(`The filter value for ${c.name} must be a number.`);
  if (!Number.isFinite(n)) throw badRequest(`The filter value for ${c.name} must be a number, not "${value}".`);
  return n;
}
