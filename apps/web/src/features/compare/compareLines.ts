import type { ConfigCompareRow } from '@corridor/matsim/config-text';
import { differingCells } from './differingCells.ts';

/** One setting of `compareConfigs`: module, parameter sets (type and what tells it apart), param, a value per config. */
export type SettingRow = Pick<ConfigCompareRow, 'module' | 'sets' | 'param' | 'values' | 'differs'>;

/** The table's lines: a heading per module and per parameter set, then the settings, indented by depth. */
export type CompareLine =
  | { kind: 'module'; key: string; name: string }
  | { kind: 'set'; key: string; depth: number; type: string; label: string }
  | { kind: 'param'; key: string; depth: number; name: string; values: (string | undefined)[]; highlighted: boolean[] };

const setKey = (sets: SettingRow['sets'], depth: number) =>
  sets
    .slice(0, depth + 1)
    .map((set) => `${set.type}[${set.label}]`)
    .join('/');

/** Headings are repeated only where the module or the parameter set path changes from the row before. */
export function compareLines(rows: readonly SettingRow[]): CompareLine[] {
  const lines: CompareLine[] = [];
  let previous: SettingRow | undefined;
  let index = 0;
  for (const row of rows) {
    const sameModule = previous?.module === row.module;
    if (!sameModule) lines.push({ kind: 'module', key: `m:${row.module}:${index}`, name: row.module });
    let shared = 0;
    if (sameModule && previous) {
      while (shared < row.sets.length && shared < previous.sets.length && setKey(row.sets, shared) === setKey(previous.sets, shared)) shared++;
    }
    for (let depth = shared; depth < row.sets.length; depth++) {
      const set = row.sets[depth]!;
      lines.push({ kind: 'set', key: `s:${row.module}/${setKey(row.sets, depth)}:${index}`, depth: depth + 1, type: set.type, label: set.label });
    }
    lines.push({
      kind: 'param',
      key: `p:${row.module}/${setKey(row.sets, row.sets.length)}/${row.param}:${index}`,
      depth: row.sets.length + 1,
      name: row.param,
      values: row.values,
      highlighted: differingCells(row.values),
    });
    previous = row;
    index++;
  }
  return lines;
}

/** Rows whose values do not all agree. */
export function countDifferences(rows: readonly SettingRow[]): number {
  return rows.filter((row) => row.differs).length;
}
