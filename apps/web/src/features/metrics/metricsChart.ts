/** Pure rules of the metrics dashboard (spec 3 §2.17, §5, §9): series labels, the 12 colours, the chart option. */
import { METRIC_UNCHANGED_STORE_MINUTES, type Meter, type MeterValue, type METRIC_TIME_RANGES, type MetricPreset } from '@corridor/contract';

export type MetricTimeRange = (typeof METRIC_TIME_RANGES)[number];

/** Spec 3 §9: 12 series colours, used in turn. */
export const METRIC_COLOURS = [
  '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b',
  '#e377c2', '#7f7f7f', '#bcbd22', '#17becf', '#393b79', '#ad494a',
] as const;

/** Spec 3 §9: chart height 600 px. */
export const METRIC_CHART_HEIGHT = 600;

/** `name{tag="value", …}`: how a series is named in the picker and the legend. */
export function meterLabel(meter: Pick<Meter, 'name' | 'tags'>): string {
  if (meter.tags.length === 0) return meter.name;
  return `${meter.name}{${meter.tags.map((t) => `${t.name}="${t.value}"`).join(', ')}}`;
}

/** The preset a new one of this name would overwrite (names compare without case, as the server does). */
export function presetNamed(presets: readonly MetricPreset[], name: string): MetricPreset | undefined {
  const wanted = name.trim().toLowerCase();
  return presets.find((p) => p.name.toLowerCase() === wanted);
}

export interface ChartSeries {
  label: string;
  values: readonly MeterValue[];
}

/**
 * Two stored values further apart than this: nothing was sampled between them (the server was down). The server
 * stores a value when it changes and an unchanged one every METRIC_UNCHANGED_STORE_MINUTES; five minutes of slack.
 */
export const SAMPLE_GAP_MS = (METRIC_UNCHANGED_STORE_MINUTES + 5) * 60_000;

export type ChartPoint = [number, number | null];

/**
 * A series' points as the chart draws them (steps: a value holds until the next one): a null breaks the line where
 * nothing was sampled, and the last value is carried on to `now` when it is recent (it was not stored again only
 * because it did not change).
 */
export function chartPoints(values: readonly MeterValue[], now: Date): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const { timestamp, value } of values) {
    const at = Date.parse(timestamp);
    const previous = points.at(-1)?.[0];
    if (previous !== undefined && at - previous > SAMPLE_GAP_MS) points.push([previous + 1, null]);
    points.push([at, value]);
  }
  const last = points.at(-1);
  if (last && last[0] < now.getTime() && now.getTime() - last[0] <= SAMPLE_GAP_MS) points.push([now.getTime(), last[1]]);
  return points;
}

/** A time-axis line chart over the last `minutes` up to `now`, one coloured line per series with a legend. */
export function metricsChartOption(series: readonly ChartSeries[], minutes: number, now: Date) {
  return {
    animation: false,
    // ECharts writes a description naming each series into the container's aria-label.
    aria: { enabled: true },
    color: [...METRIC_COLOURS],
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 60, right: 24, top: 48, bottom: 40 },
    xAxis: { type: 'time', min: now.getTime() - minutes * 60_000, max: now.getTime() },
    yAxis: { type: 'value', scale: true },
    series: series.map((s) => ({
      name: s.label,
      type: 'line',
      showSymbol: false,
      step: 'end',
      data: chartPoints(s.values, now),
    })),
  };
}
