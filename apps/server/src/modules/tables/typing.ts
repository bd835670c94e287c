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
const TIME = String.raw`^\s*[0-9]{1,4}:[0-5][0-9]:[0-5][0-9]\s*$`;

/** Four counts per column, in header order: values, values that are not LONG, not DOUBLE, not a time. */
export function columnTypesSql(quotedColumns: readonly string[]): string {
  return quotedColumns
    .map((c) => {
      const q = c;
      return [
        `count(${q})`,
        `count(${q}) FILTER (WHERE NOT regexp_full_match(${q}, '${LONG}'))`,
        `count(${q}) FILTER (WHERE try_cast(trim(${q}) AS DOUBLE) IS NULL)`,
        `count(${q}) FILTER (WHERE NOT regexp_full_match(${q}, '${TIME}'))`,
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
  if (time) {
    const part = (n: number) => `CAST(split_part(trim(${quoted}), ':', ${n}) AS BIGINT)`;
    return { type, sql: `${part(1)} * 3600 + ${part(2)} * 60 + ${part(3)}` };
  }
  if (type === 'LONG') return { type, sql: `CAST(trim(${quoted}) AS BIGINT)` };
  if (type === 'DOUBLE') return { type, sql: `CAST(trim(${quoted}) AS DOUBLE)` };
  return { type, sql: quoted };
}
