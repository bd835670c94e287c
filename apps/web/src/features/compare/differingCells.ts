/**
 * Which cells of a setting's row to highlight: the values that are not the row's one most common value. With no
 * single most common value (two runs that differ, or a tie) every cell is highlighted; a row whose values all agree
 * highlights none. An unset value (undefined) is a value of its own.
 */
export function differingCells(values: readonly (string | undefined)[]): boolean[] {
  const counts = new Map<string | undefined, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  if (counts.size <= 1) return values.map(() => false);
  const most = Math.max(...counts.values());
  const leaders = [...counts.entries()].filter(([, count]) => count === most);
  if (leaders.length > 1) return values.map(() => true);
  const majority = leaders[0]![0];
  return values.map((value) => value !== majority);
}
