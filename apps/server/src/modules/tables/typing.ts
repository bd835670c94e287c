/**
 * Column types of an imported CSV, decided from all its values (read as text): LONG when every value is a whole
 * number, DOUBLE when every value is a number, a MATSim time (H:MM:SS, hours may pass 24) becomes LONG seconds,
 * anything else STRING. A column with no values is STRING.
 */
import type { TableFieldType } from '@corridor/contract';

export interface ColumnStats {
  /** Non-null values. */
  values: number;
  notLong: number;
  notDouble: number;
  notTime: number;
}

const LONG = String.raw`^\s*[-+]?[0-9]{1,18}\s*$`;
// Not DuckDB's own cast: it reads "1_11" as 111, which would make ids such as trip 1_11 and 11_1 one number.
const DOUBLE = String.raw`^\s*[-+]?(([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?|(?i:inf|infinity|nan))\s*$`;
const TIME = String.raw`^\s*[0-9]{1,4}:[0-5][0-9]:[0-5][0-9]\s*$`;

/**
 * Four counts per column, in header order: values, values that are not LONG, not DOUBLE, not a time. A check that
 * already failed on a sample of the file (`known`) is not run again: only whether a count is 0 decides the type,
 * so it is answered by a constant 1, which keeps the regular expressions off most columns.
 */
export function columnTypesSql(quotedColumns: readonly string[], known?: readonly ColumnStats[]): string {
  return quotedColumns
    .map((q, i) => {
      const failed = known?.[i];
      return [
        `count(${q})`,
        failed && failed.notLong > 0 ? '1' : `count(${q}) FILTER (WHERE NOT regexp_full_match(${q}, '${LONG}'))`,
        failed && failed.notDouble > 0 ? '1' : `count(${q}) FILTER (WHERE NOT regexp_full_match(${q}, '${DOUBLE}'))`,
        failed && failed.notTime > 0 ? '1' : `count(${q}) FILTER (WHERE NOT regexp_full_match(${q}, '${TIME}'))`,
      ].join(', ');
    })
    .join(', ');
}

export function fieldType(s: ColumnStats): { type: TableFieldType; time: boolean } {
  if (s.values === 0) return { type: 'STRING', time: false };
  if (s.notLong === 0) return { type: 'LONG', time: false };
  if (s.notDouble === 0) return { type: 'DOUBLE', time: false };
  if (s.notTime === 0) return { type: 'LONG', time: true };
  return { type: 'STRING', time: false };
}

/** The SELECT expression turning the text column into its type. */
export function castSql(quoted: string, s: ColumnStats): { type: TableFieldType; sql: string } {
  const { type, time } = fieldType(s);
  if (time) return { type, sql: secondsSql(quoted) };
  if (type === 'LONG') return { type, sql: `CAST(trim(${quoted}) AS BIGINT)` };
  if (type === 'DOUBLE') return { type, sql: doubleSql(quoted) };
  return { type, sql: quoted };
}

/** NaN (MATSim writes it for undefined values) becomes NULL: missing, and outside every filter and aggregate. */
const doubleSql = (quoted: string) => `CAST(nullif(lower(trim(${quoted})), 'nan') AS DOUBLE)`;

const secondsSql = (quoted: string) => {
  const part = (n: number) => `CAST(split_part(trim(${quoted}), ':', ${n}) AS BIGINT)`;
  return `${part(1)} * 3600 + ${part(2)} * 60 + ${part(3)}`;
};

/** Raised (as DuckDB's "Invalid Input Error: …") by a guarded cast when a value does not fit the sample's type. */
export const RETYPE_MARKER = 'corridor-retype: a value does not fit the sampled column type';

/**
 * The type a sample of the file gives a column, as a SELECT expression that raises RETYPE_MARKER on the first value
 * outside it — so the whole file can be written in one pass, and falls back to counting every value only when the
 * sample misled. A column with no values in the sample is guarded to stay empty (STRING, as fieldType types it):
 * MATSim leaves whole columns empty (a run without transit has no boarding stops).
 *
 * The guards are DuckDB's own casts (several times faster than the patterns above) narrowed so that they never let a
 * value through that the pattern refuses: a whole number must print back as itself (no "1_000", "12.5", "0x1F",
 * "007"), a decimal must not hold "_" or mixed signs, a time must print back as itself. They may refuse a value the
 * pattern takes (" 7", "+7", "7:00:00"): that only sends the import to the exact second pass, so the types are always
 * the ones the counts give. A check that failed on the sample fails on the file.
 */
export function guardedCastSql(quoted: string, sample: ColumnStats): { type: TableFieldType; sql: string } {
  const { type, time } = fieldType(sample);
  const guard = (test: string, value: string) => `CASE WHEN ${test} THEN ${value} WHEN ${quoted} IS NULL THEN NULL ELSE error('${RETYPE_MARKER}') END`;
  if (sample.values === 0) return { type, sql: guard('false', quoted) };
  if (time) {
    const interval = `TRY_CAST(${quoted} AS INTERVAL)`;
    const test = `length(${quoted}) <= 10 AND substr(${quoted}, -3, 1) = ':' AND NOT starts_with(${quoted}, '-') AND CAST(${interval} AS VARCHAR) = ${quoted}`;
    return { type, sql: guard(test, `CAST(epoch(${interval}) AS BIGINT)`) };
  }
  if (type === 'LONG') {
    const long = `TRY_CAST(${quoted} AS BIGINT)`;
    return { type, sql: guard(`length(${quoted}) <= 18 AND CAST(${long} AS VARCHAR) = ${quoted}`, long) };
  }
  if (type === 'DOUBLE') {
    const double = `TRY_CAST(${quoted} AS DOUBLE)`;
    const test = `${double} IS NOT NULL AND NOT contains(${quoted}, '_') AND NOT contains(${quoted}, '+-') AND NOT contains(${quoted}, '-+')`;
    return { type, sql: guard(test, `nullif(${double}, 'NaN'::DOUBLE)`) };
  }
  return { type, sql: quoted };
}
