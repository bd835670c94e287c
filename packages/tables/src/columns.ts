/**
 * Column names of MATSim's older tab-separated statistics (`ITERATION`, `avg. EXECUTED`, …) as the CSV files of
 * MATSim 2024+ name them (`iteration`, `avg_executed`, …), so one dashboard reads runs of either age. Other names
 * stay as they are.
 */
const SCORE_COLUMNS: Record<string, string> = {
  'avg. executed': 'avg_executed',
  'avg. worst': 'avg_worst',
  'avg. avg': 'avg_average',
  'avg. best': 'avg_best',
};

export function modernColumnNames(header: readonly string[]): string[] {
  const renamed = header.map((name, i) => {
    const lower = name.trim().toLowerCase();
    if (i === 0 && lower === 'iteration') return 'iteration';
    return SCORE_COLUMNS[lower] ?? name;
  });
  // A rename must not collide with a column the file already has.
  return renamed.map((name, i) => (renamed.indexOf(name) !== i || (name !== header[i] && header.includes(name)) ? header[i]! : name));
}
