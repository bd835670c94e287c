/**
 * The table query of spec 1 §7.4 / spec 3 §3 as DuckDB SQL. Identifiers are checked against the table's fields and
 * emitted double-quoted; every user value is a `$n` parameter, so neither a hostile column name nor a hostile value
 * can change the statement. Pure: no DuckDB here, the server runs what this returns.
 */
import type { FilterOperator, TableBinning, TableField, TableFilter, TableQuery, TableSelect } from '@corridor/contract';

/** Every answer stops here; a chart or table of more rows is not readable anyway. */
export const TABLE_QUERY_ROW_LIMIT = 100_000;

export class TableQueryError extends Error {
  override name = 'TableQueryError';
}

export interface QueryTable {
  name: string;
  fields: readonly TableField[];
}

export interface BuiltQuery {
  sql: string;
  params: (string | number)[];
  /** The answer's column names, in order (the SQL aliases). */
  columns: string[];
}

/** A DuckDB identifier: double-quoted, embedded double quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class Params {
  readonly values: (string | number)[] = [];
  add(value: string | number): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

interface Context {
  table: QueryTable;
  from: string;
  params: Params;
  query: TableQuery['query'];
  rowOrder: readonly string[];
}

export interface BuildOptions {
  /**
   * The order of rows as they are (RAW without aggregation): these columns, ascending — the server's own names (a
   * hidden ordinal may be one), never user text. Needed where the rows come from somewhere without an order of its
   * own (a run's live series); absent, the table's own order.
   */
  rowOrder?: readonly string[];
}

export function buildTableQuery(table: QueryTable, request: TableQuery, options: BuildOptions = {}): BuiltQuery {
  const ctx: Context = { table, from: quoteIdentifier(table.name), params: new Params(), query: request.query, rowOrder: options.rowOrder ?? [] };
  if (request.query.select.length === 0) throw new TableQueryError('Select at least one column.');
  const where = whereClause(ctx);
  const built = request.shape === 'PIVOT' ? pivot(ctx, where) : request.shape === 'BOXPLOT' ? boxplot(ctx, where) : raw(ctx, where);
  return { sql: `${built.sql} LIMIT ${TABLE_QUERY_ROW_LIMIT}`, params: ctx.params.values, columns: built.columns };
}

function field(ctx: Context, name: string): TableField {
  const found = ctx.table.fields.find((f) => f.name === name);
  if (!found) throw new TableQueryError(`There is no column ${name} in the table ${ctx.table.name}.`);
  return found;
}

const isMeasure = (s: TableSelect) => s.aggregation !== undefined && s.aggregation !== 'NONE';

/** A dimension's SQL: the column, binned when a select item of that column carries binning. */
function dimension(ctx: Context, column: string): string {
  const f = field(ctx, column);
  const binning = ctx.query.select.find((s) => s.column === column && s.binning)?.binning;
  if (!binning) return quoteIdentifier(f.name);
  if (f.type === 'STRING') throw new TableQueryError(`Binning needs a numeric column, not ${f.name}.`);
  return binned(ctx, quoteIdentifier(f.name), binning);
}

function binned(ctx: Context, column: string, binning: TableBinning): string {
  if ('interval' in binning) {
    const p = ctx.params.add(binning.interval);
    return `floor(${column} / ${p}) * ${p}`;
  }
  // The bin is its lower edge: the greatest edge not above the value; values below the first edge have none (NULL).
  const edges = [...new Set(binning.edges)].sort((a, b) => b - a);
  const cases = edges.map((edge) => {
    const p = ctx.params.add(edge);
    return `WHEN ${column} >= ${p} THEN ${p}`;
  });
  return `CASE ${cases.join(' ')} END`;
}

function measure(ctx: Context, s: TableSelect): string {
  const f = field(ctx, s.column);
  const aggregation = s.aggregation ?? 'NONE';
  if (aggregation === 'NONE') return dimension(ctx, s.column);
  if (s.binning) throw new TableQueryError(`Binning applies to a dimension, not to the measure ${aggregation} of ${f.name}.`);
  if (aggregation === 'COUNT') return 'count(*)';
  if (f.type === 'STRING' && (aggregation === 'SUM' || aggregation === 'AVG')) {
    throw new TableQueryError(`The aggregation ${aggregation} needs a numeric column, not ${f.name}.`);
  }
  return `${aggregation.toLowerCase()}(${quoteIdentifier(f.name)})`;
}

const alias = (s: TableSelect) => (isMeasure(s) ? `${s.aggregation!.toLowerCase()}(${s.column})` : s.column);

/**
 * RAW: one answer column per group-by column that is not also selected as it is, then one per select item in
 * order. Aggregated (a measure or a group-by present): grouped by the group-by columns and the plain select items,
 * ordered by them. Otherwise the rows as they are.
 */
function raw(ctx: Context, where: string): { sql: string; columns: string[] } {
  const { select, groupBy } = ctx.query;
  const aggregated = select.some(isMeasure) || groupBy.length > 0;
  const plain = new Set(select.filter((s) => !isMeasure(s)).map((s) => s.column));
  const extra = aggregated ? [...new Set(groupBy.map((g) => g.column))].filter((c) => !plain.has(c)) : [];
  const items = [...extra.map((column) => ({ column }) as TableSelect), ...select];
  const exprs = items.map((s) => measure(ctx, s));
  const columns = items.map(alias);
  const list = exprs.map((e, i) => `${e} AS ${quoteIdentifier(columns[i]!)}`).join(', ');
  let sql = `SELECT ${list} FROM ${ctx.from}${where}`;
  if (aggregated) {
    const keys = [...new Set(items.flatMap((s, i) => (isMeasure(s) ? [] : [exprs[i]!])))];
    if (keys.length > 0) sql += ` GROUP BY ${keys.join(', ')} ORDER BY ${keys.join(', ')}`;
  } else if (ctx.rowOrder.length > 0) {
    sql += ` ORDER BY ${ctx.rowOrder.map(quoteIdentifier).join(', ')}`;
  }
  return { sql, columns };
}

/**
 * PIVOT, long form — one row per cell: `row` (the first group-by column, binned if asked), `series` (the second
 * group-by column, NULL when there is one), `value` (the one measure). Ordered by row, then series; the caller
 * spreads it into a rows × series matrix. A measure with aggregation NONE takes one value of the cell (any_value):
 * meant for tables with one row per cell, such as scorestats by iteration × key.
 */
function pivot(ctx: Context, where: string): { sql: string; columns: string[] } {
  const { select, groupBy } = ctx.query;
  if (groupBy.length < 1 || groupBy.length > 2) throw new TableQueryError('PIVOT needs one or two group-by columns: rows, then series.');
  const dims = groupBy.map((g) => g.column);
  const measures = select.filter((s) => isMeasure(s) || !dims.includes(s.column));
  if (measures.length !== 1) throw new TableQueryError('PIVOT needs exactly one measure.');
  const m = measures[0]!;
  const keys = dims.map((d) => dimension(ctx, d));
  const value = isMeasure(m) ? measure(ctx, m) : `any_value(${quoteIdentifier(field(ctx, m.column).name)})`;
  const series = keys[1] ?? 'NULL';
  return {
    sql: `SELECT ${keys[0]} AS "row", ${series} AS "series", ${value} AS "value" FROM ${ctx.from}${where} GROUP BY ${keys.join(', ')} ORDER BY 1, 2`,
    columns: ['row', 'series', 'value'],
  };
}

/**
 * BOXPLOT — one row per group: `group` (the group-by column, binned if asked; NULL with no group-by), then `min`,
 * `q1`, `median`, `q3`, `max` of the one numeric value column (continuous quantiles, as ECharts' boxplot draws them).
 */
function boxplot(ctx: Context, where: string): { sql: string; columns: string[] } {
  const { select, groupBy } = ctx.query;
  if (groupBy.length > 1) throw new TableQueryError('BOXPLOT takes at most one group-by column.');
  const group = groupBy[0]?.column;
  const values = select.filter((s) => s.column !== group);
  if (values.length !== 1) throw new TableQueryError('BOXPLOT needs exactly one value column.');
  const v = values[0]!;
  const f = field(ctx, v.column);
  if (isMeasure(v)) throw new TableQueryError(`BOXPLOT needs the values of ${f.name} as they are, not ${v.aggregation}.`);
  if (f.type === 'STRING') throw new TableQueryError(`BOXPLOT needs a numeric column, not ${f.name}.`);
  const c = quoteIdentifier(f.name);
  // One quantile_cont with a list of fractions sorts the values once, not three times.
  const stats = `min(${c}) AS "min", quantile_cont(${c}, [0.25, 0.5, 0.75]) AS "q", max(${c}) AS "max"`;
  const columns = ['group', 'min', 'q1', 'median', 'q3', 'max'];
  const outer = (inner: string, order: string) =>
    `SELECT "group", "min", "q"[1] AS "q1", "q"[2] AS "median", "q"[3] AS "q3", "max" FROM (${inner})${order}`;
  if (group === undefined) return { sql: outer(`SELECT NULL AS "group", ${stats} FROM ${ctx.from}${where}`, ''), columns };
  const key = dimension(ctx, group);
  return { sql: outer(`SELECT ${key} AS "group", ${stats} FROM ${ctx.from}${where} GROUP BY ${key}`, ' ORDER BY 1'), columns };
}

const COMPARISONS: Record<Exclude<FilterOperator, 'in' | 'not in' | 'last k'>, string> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function whereClause(ctx: Context): string {
  const conditions = ctx.query.where.map((filter) => `(${condition(ctx, filter)})`);
  return conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
}

function condition(ctx: Context, filter: TableFilter): string {
  const f = field(ctx, filter.column);
  const c = quoteIdentifier(f.name);
  if (filter.is === 'in' || filter.is === 'not in') {
    const values = (typeof filter.value === 'number' ? [filter.value] : filter.value.split(','))
      .map((v) => (typeof v === 'string' ? v.trim() : v))
      .filter((v) => v !== '')
      .map((v) => ctx.params.add(typed(f, v)));
    if (values.length === 0) return filter.is === 'in' ? 'false' : 'true';
    return `${c} ${filter.is === 'in' ? 'IN' : 'NOT IN'} (${values.join(', ')})`;
  }
  if (filter.is === 'last k') {
    const k = Number(filter.value);
    if (!Number.isSafeInteger(k) || k < 1) throw new TableQueryError(`The filter "last k" needs a whole number k of at least 1, not "${filter.value}".`);
    const p = ctx.params.add(k);
    return `${c} IN (SELECT DISTINCT ${c} FROM ${ctx.from} ORDER BY ${c} DESC NULLS LAST LIMIT ${p})`;
  }
  return `${c} ${COMPARISONS[filter.is]} ${ctx.params.add(typed(f, filter.value))}`;
}

/** The filter value as the column's type: numeric columns compare with numbers. */
function typed(f: TableField, value: string | number): string | number {
  if (f.type === 'STRING') return String(value);
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim());
  if (!Number.isFinite(n)) throw new TableQueryError(`The filter value for ${f.name} must be a number, not "${value}".`);
  return n;
}
