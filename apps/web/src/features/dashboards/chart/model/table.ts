/** The table type: the answers' columns and rows, a Dataset column first when comparing, bins named. */
import type { ChartData } from '../types.ts';
import { binLabel } from './format.ts';
import type { DatasetAnswer } from './series.ts';

export interface TableRows {
  columns: string[];
  rows: (string | number | null)[][];
}

export function tableRows(chart: ChartData, answers: DatasetAnswer[], datasetColumn: string): TableRows {
  const first = answers[0]?.answer.columns ?? [];
  const several = answers.length > 1;
  const binned = chart.config.dimensions.filter((d) => d.binning);
  const rows = answers.flatMap(({ dataset, answer }) =>
    answer.rows.map((row) => {
      const cells = answer.columns.map((c, i) => {
        const dim = binned.find((d) => d.name === c);
        const v = row[i] ?? null;
        return dim?.binning && (typeof v === 'number' || v === null) ? binLabel(v, dim.binning, dim.binnedAxisStyle) : v;
      });
      return several ? [dataset, ...cells] : cells;
    }),
  );
  return { columns: several ? [datasetColumn, ...first] : first, rows };
}
