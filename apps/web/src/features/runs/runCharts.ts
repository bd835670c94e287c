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

/** The ECharts option of a chart: a line per series, axis by x kind, values formatted per spec 1 §9. */
export function chartOption(series: readonly ChartSeries[], x: RunChartDefinition['x'], labels: { x: string; y: string }) {
  return {
    backgroundColor: 'transparent',
    animation: false,
    grid: { left: 64, right: 24, top: 48, bottom: 48 },
    legend: { type: 'scroll' as const, top: 0 },
    tooltip: { trigger: 'axis' as const, valueFormatter: (value: unknown) => (typeof value === 'number' ? formatSeriesValue(value) : String(value)) },
    xAxis:
      x === 'time'
        ? { type: 'time' as const, name: labels.x, nameLocation: 'middle' as const, nameGap: 28 }
        : { type: 'value' as const, name: labels.x, nameLocation: 'middle' as const, nameGap: 28, minInterval: 1, min: 'dataMin' as const, max: 'dataMax' as const },
    yAxis: { type: 'value' as const, name: labels.y, scale: true, axisLabel: { formatter: (value: number) => formatSeriesValue(value) } },
    series: series.map((entry) => ({ type: 'line' as const, name: entry.name, data: entry.data, showSymbol: entry.data.length < 50 })),
  };
}
