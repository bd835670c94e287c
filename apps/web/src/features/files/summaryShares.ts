/** Each row's part of the whole (0…1); all 0 when the whole is 0. */
export function withShares<T>(rows: readonly T[], count: (row: T) => number): { row: T; share: number }[] {
  const total = totalOf(rows, count);
  return rows.map((row) => ({ row, share: total > 0 ? count(row) / total : 0 }));
}

/** The sum of the rows' counts. */
export function totalOf<T>(rows: readonly T[], count: (row: T) => number): number {
  return rows.reduce((sum, row) => sum + count(row), 0);
}
