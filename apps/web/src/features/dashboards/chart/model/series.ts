/**
 * Query answers → the series a chart draws. Every answer is {columns, rows} (RAW: dimensions then measures; PIVOT
 * long form row/series/value; BOXPLOT group/min/q1/median/q3/max). With several datasets (comparison) each dataset
 * answers alone and the series are named after it.
 */
import type { ChartBinning, TableQueryAnswer } from '@corridor/contract';
import type { ChartData } from '../types.ts';
import { binLabel, binShown } from './format.ts';
import { measureColumn, usesPivot } from './queries.ts';

type Cell = string | number | null;
export interface Series {
  name: string;
  values: (number | null)[];
  /** The dataset the series belongs to when several are compared: stacked charts stack per dataset. */
  dataset?: string;
}
/** Values by category: x positions (or slices, angles), one value per category and series. */
export interface CategoryData {
  categories: Cell[];
  /** Category labels as drawn (bins named, numbers as they are). */
  labels: string[];
  series: Series[];
}
export interface DatasetAnswer {
  dataset: string;
  answer: TableQueryAnswer;
}

const column = (answer: TableQueryAnswer, name: string) => answer.columns.indexOf(name);
const num = (v: Cell | undefined): number | null => (typeof v === 'number' ? v : v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);

/** The label of a measure: its axis label, else the answer column (e.g. count(main_mode)). */
export const measureLabel = (m: ChartData['config']['measures'][number]) => m.axisStyle?.label || measureColumn(m);

function oneDataset(chart: ChartData, answer: TableQueryAnswer): { categories: Cell[]; series: Series[] } {
  const dim = chart.config.dimensions[0];
  if (usesPivot(chart)) {
    const [r, s, v] = ['row', 'series', 'value'].map((c) => column(answer, c));
    const categories: Cell[] = [];
    const names: string[] = [];
    const cells = new Map<string, number | null>();
    for (const row of answer.rows) {
      const category = row[r!] ?? null;
      const name = String(row[s!] ?? '');
      if (!categories.includes(category)) categories.push(category);
      if (!names.includes(name)) names.push(name);
      cells.set(`${String(category)}\u0000${name}`, num(row[v!]));
    }
    return { categories, series: names.map((name) => ({ name, values: categories.map((c) => cells.get(`${String(c)}\u0000${name}`) ?? null) })) };
  }
  const measures = chart.type === 'pie' ? chart.config.measures.slice(0, 1) : chart.config.measures;
  const d = dim ? column(answer, dim.name) : -1;
  const categories = answer.rows.map((row) => (d >= 0 ? (row[d] ?? null) : ''));
  const series = measures.map((m) => {
    const i = column(answer, measureColumn(m));
    return { name: measureLabel(m), values: answer.rows.map((row) => num(row[i])) };
  });
  return { categories, series };
}

/** At most this many bins are filled in between the answered ones (a tiny interval over a wide range stays sparse). */
const MAX_FILLED_BINS = 1000;

/**
 * The answered bins (lower edges, sorted) with the empty ones between them: the query answers only bins holding
 * rows, but a histogram shows the gaps. Interval bins step by the bin size from the lowest to the highest answered
 * edge; custom bins are all the given edges from the lowest to the highest answered one. The "below the first
 * edge" bin (null) stays first when answered.
 */
function withEmptyBins(categories: Cell[], binning: ChartBinning): Cell[] {
  const edges = categories.map(num).filter((c): c is number => c !== null);
  if (edges.length < 2) return categories;
  const low = Math.min(...edges);
  const high = Math.max(...edges);
  let all: number[];
  if (binning.type === 'custom') all = [...binning.bins].sort((a, b) => a - b).filter((e) => e >= low && e <= high);
  else {
    if ((high - low) / binning.binSize > MAX_FILLED_BINS) return categories;
    all = [];
    // Steps from the lowest edge (not by adding) so float bin sizes do not drift away from the answered edges.
    for (let i = 0; low + i * binning.binSize <= high + binning.binSize / 2; i++) all.push(low + i * binning.binSize);
  }
  // The answered cells stay as answered; a computed edge next to an answered one (float steps) is the same bin.
  const answered = categories.filter((c) => num(c) !== null);
  const tolerance = binning.type === 'interval' ? binning.binSize * 1e-6 : 0;
  const empty = all.filter((e) => !edges.some((a) => Math.abs(a - e) <= tolerance));
  const merged = [...answered, ...empty].sort((a, b) => num(a)! - num(b)!);
  return categories.some((c) => num(c) === null) ? [null, ...merged] : merged;
}

/** Categories of all datasets in first-seen order (numbers sorted), series per dataset when there are several. */
export function categoryData(chart: ChartData, answers: DatasetAnswer[]): CategoryData {
  const parts = answers.map((a) => ({ dataset: a.dataset, ...oneDataset(chart, a.answer) }));
  let categories: Cell[] = [];
  for (const part of parts) for (const c of part.categories) if (!categories.includes(c)) categories.push(c);
  if (categories.every((c) => typeof c === 'number' || c === null)) categories = [...categories].sort((a, b) => (a ?? -Infinity) - (b ?? -Infinity));
  const dim = chart.config.dimensions[0];
  const binning = dim?.binning;
  if (binning) categories = withEmptyBins(categories, binning).filter((c) => binShown(num(c), dim.binnedAxisStyle));
  // An empty bin counts 0 (a histogram shows its gaps); other aggregations of nothing have no value.
  const counted = !usesPivot(chart) && chart.config.measures.every((m) => m.aggregation === 'COUNT');
  const missing = binning && (counted || (usesPivot(chart) && chart.config.measures[0]?.aggregation === 'COUNT')) ? 0 : null;
  const series: Series[] = [];
  for (const part of parts) {
    for (const s of part.series) {
      const name = parts.length === 1 ? s.name : part.series.length === 1 ? part.dataset : `${part.dataset}: ${s.name}`;
      const values = categories.map((c) => s.values[part.categories.indexOf(c)] ?? (part.categories.includes(c) ? null : missing));
      series.push(parts.length === 1 ? { name, values } : { name, values, dataset: part.dataset });
    }
  }
  const labels = categories.map((c) => (binning ? binLabel(num(c), binning, dim.binnedAxisStyle) : c === null ? '' : String(c)));
  return { categories, labels, series };
}

export interface BoxData {
  groups: string[];
  series: { name: string; boxes: ([number, number, number, number, number] | null)[] }[];
}

export function boxData(chart: ChartData, answers: DatasetAnswer[]): BoxData {
  const dim = chart.config.dimensions[0];
  const label = (g: Cell) => (dim?.binning ? binLabel(num(g), dim.binning, dim.binnedAxisStyle) : g === null ? '' : String(g));
  const groups: string[] = [];
  for (const a of answers) for (const row of a.answer.rows) if (!groups.includes(label(row[0] ?? null))) groups.push(label(row[0] ?? null));
  const stat = ['min', 'q1', 'median', 'q3', 'max'];
  const series = answers.map((a) => {
    const idx = stat.map((s) => column(a.answer, s));
    const byGroup = new Map(a.answer.rows.map((row) => [label(row[0] ?? null), idx.map((i) => num(row[i]) ?? 0) as [number, number, number, number, number]]));
    return { name: answers.length === 1 ? (chart.config.measures[0]?.name ?? '') : a.dataset, boxes: groups.map((g) => byGroup.get(g) ?? null) };
  });
  return { groups, series };
}

export interface ScatterData {
  series: { name: string; points: [number, number][] }[];
  classes: number;
}

/** x/y pairs by colour class (dimension 1), each class once per dataset when comparing. */
export function scatterData(chart: ChartData, answers: DatasetAnswer[]): ScatterData {
  const [mx, my] = chart.config.measures;
  const dim = chart.config.dimensions[0];
  const series: ScatterData['series'] = [];
  const classes = new Set<string>();
  for (const a of answers) {
    const [x, y] = [column(a.answer, mx!.name), column(a.answer, my!.name)];
    const c = dim ? column(a.answer, dim.name) : -1;
    const byClass = new Map<string, [number, number][]>();
    for (const row of a.answer.rows) {
      const px = num(row[x]);
      const py = num(row[y]);
      if (px === null || py === null) continue;
      const cls = c >= 0 ? String(row[c] ?? '') : '';
      classes.add(cls);
      if (!byClass.has(cls)) byClass.set(cls, []);
      byClass.get(cls)!.push([px, py]);
    }
    for (const [cls, points] of byClass) {
      const base = cls || `${mx!.name} / ${my!.name}`;
      series.push({ name: answers.length === 1 ? base : `${a.dataset}: ${base}`, points });
    }
  }
  return { series, classes: classes.size };
}
