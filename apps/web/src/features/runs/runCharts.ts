import type { RunTableName, TableQuery, TableQueryAnswer } from '@corridor/contract';
import { formatSeriesValue } from '../../components/seriesFormat.ts';

/** The overview's three default charts (spec 1 §7.4, §9). */
export interface RunChartDefinition {
  id: 'memory' | 'scores' | 'modes';
  table: RunTableName;
  /** The x column: epoch milliseconds (time) or the iteration. */
  x: 'time' | 'iteration';
  /** Values are divided by this (memory: bytes → GB). */
  divisor: number;
  query: TableQuery;
}

const select = (...columns: string[]) => columns.map((column) => ({ column }));

export const RUN_CHARTS: readonly RunChartDefinition[] = [
  {
    id: 'memory',
    table: 'memory',
    x: 'time',
    divisor: 1e9,
    query: {
      query: { select: select('time', 'value', 'key'), groupBy: [], where: [{ column: 'key', is: '!=', value: 'free' }] },
      shape: 'RAW',
    },
  },
  {
    id: 'scores',
    table: 'scoreStats',
    x: 'iteration',
    divisor: 1,
    query: { query: { select: select('iteration', 'value', 'key'), groupBy: [], where: [] }, shape: 'RAW' },
  },
  {
    id: 'modes',
    table: 'modeStats',
    x: 'iteration',
    divisor: 1,
    query: { query: { select: select('iteration', 'value', 'key'), groupBy: [], where: [] }, shape: 'RAW' },
  },
];

export const CHART_HEIGHT = 400;

export interface ChartSeries {
  name: string;
  /** [x, y] sorted by x. */
  data: [number, number][];
}

/** One series per key from a RAW answer with columns x, value, key; rows with missing numbers are skipped. */
export function buildSeries(answer: TableQueryAnswer, x: string, divisor = 1): ChartSeries[] {
  const xAt = answer.columns.indexOf(x);
  const valueAt = answer.columns.indexOf('value');
  const keyAt = answer.columns.indexOf('key');
  if (xAt < 0 || valueAt < 0) return [];
  const byKey = new Map<string, [number, number][]>();
  for (const row of answer.rows) {
    const xValue = Number(row[xAt]);
    const value = row[valueAt];
    if (row[xAt] === null || value === null || value === '' || !Number.isFinite(xValue) || !Number.isFinite(Number(value))) continue;
    const key = keyAt < 0 ? 'value' : String(row[keyAt] ?? '');
    let data = byKey.get(key);
    if (!data) byKey.set(key, (data = []));
    data.push([xValue, Number(value) / divisor]);
  }
  return [...byKey].map(([name, data]) => ({ name, data: data.sort((a, b) => a[0] - b[0]) }));
}

/** How many distinct x values the series have together (one per iteration for scores and modes). */
export function pointCount(series: readonly ChartSeries[]): number {
  return new Set(series.flatMap((entry) => entry.data.map(([x]) => x))).size;
}

/** Steps between elapsed-time ticks, from a second to a day (milliseconds). */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400].map((s) => s * 1000);

/**
 * The step between elapsed-time ticks: the smallest of TIME_STEPS that gives at most `ticks` intervals over the
 * span, so the labels of a long run (Berlin's memory over hours) never run together.
 */
export function elapsedStep(spanMs: number, ticks = 6): number {
  return TIME_STEPS.find((step) => spanMs / step <= ticks) ?? Math.ceil(spanMs / ticks / 86_400_000) * 86_400_000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Elapsed time since the first reading: h:mm, or m:ss / h:mm:ss when the ticks are less than a minute apart.
 * Never a calendar date: an imported run's log times lie on another day (ECharts' time axis showed day numbers).
 */
export function formatElapsed(ms: number, stepMs = 60_000): string {
  const total = Math.round(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (stepMs >= 60_000) return `${h}:${pad(m)}`;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * The value axis of shares (mode shares are 0..1): fitted to the data in steps of 0.1 but never beyond [0, 1], and
 * labelled in percent. A share of 1 no longer sits on an axis from 0.4 to 1.6.
 */
export function shareAxisRange(series: readonly ChartSeries[]): { min: number; max: number } {
  const values = series.flatMap((entry) => entry.data.map(([, y]) => y)).filter(Number.isFinite);
  if (values.length === 0) return { min: 0, max: 1 };
  let min = Math.max(0, Math.floor(Math.min(...values) * 10 + 1e-9) / 10);
  let max = Math.min(1, Math.ceil(Math.max(...values) * 10 - 1e-9) / 10);
  if (max <= min) {
    // One value on a step: a tenth of room on the side that has it.
    if (max < 1) max = Math.min(1, min + 0.1);
    else min = Math.max(0, max - 0.1);
  }
  return { min, max };
}

const percent = (value: number) => `${formatSeriesValue(Math.round(value * 1000) / 10)}%`;

export type RunChartValues = 'number' | 'share';

/**
 * The ECharts option of a chart: a line per series, values formatted per spec 1 §9. Time (memory) is drawn as the
 * time elapsed since the first reading; shares on 0..1 in percent.
 */
export function chartOption(series: readonly ChartSeries[], x: RunChartDefinition['x'], labels: { x: string; y: string }, values: RunChartValues = 'number') {
  const start = x === 'time' ? Math.min(...series.flatMap((entry) => entry.data.map(([t]) => t))) : 0;
  const drawn = x === 'time' && Number.isFinite(start) ? series.map((entry) => ({ ...entry, data: entry.data.map(([t, y]): [number, number] => [t - start, y]) })) : series;
  const span = Math.max(0, ...drawn.flatMap((entry) => entry.data.map(([t]) => t)));
  const step = elapsedStep(span);
  const share = values === 'share';
  const format = (value: unknown) => (typeof value !== 'number' ? String(value) : share ? percent(value) : formatSeriesValue(value));
  return {
    backgroundColor: 'transparent',
    animation: false,
    grid: { left: 64, right: 24, top: 48, bottom: 48 },
    legend: { type: 'scroll' as const, top: 0 },
    tooltip: { trigger: 'axis' as const, valueFormatter: format },
    xAxis:
      x === 'time'
        ? {
            type: 'value' as const,
            name: labels.x,
            nameLocation: 'middle' as const,
            nameGap: 28,
            min: 0,
            // Up to the next whole step: the last tick is a step like the others, not an odd 3:19 beside 3:00.
            max: Math.max(step, Math.ceil(span / step) * step),
            interval: step,
            axisLabel: { formatter: (value: number) => formatElapsed(value, step), hideOverlap: true },
            axisPointer: { label: { formatter: ({ value }: { value: unknown }) => formatElapsed(Number(value), 1000) } },
          }
        : {
            type: 'value' as const,
            name: labels.x,
            nameLocation: 'middle' as const,
            nameGap: 28,
            minInterval: 1,
            min: 'dataMin' as const,
            max: 'dataMax' as const,
            axisLabel: { hideOverlap: true },
          },
    yAxis: share
      ? { type: 'value' as const, name: labels.y, ...shareAxisRange(series), axisLabel: { formatter: (value: number) => percent(value), hideOverlap: true } }
      : { type: 'value' as const, name: labels.y, scale: true, axisLabel: { formatter: (value: number) => formatSeriesValue(value), hideOverlap: true } },
    series: drawn.map((entry) => ({ type: 'line' as const, name: entry.name, data: entry.data, showSymbol: entry.data.length < 50 })),
  };
}
