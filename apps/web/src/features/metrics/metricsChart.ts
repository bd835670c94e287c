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
  /** The unit of its meter (`meterUnit`); series of one unit share a y-axis. */
  unit?: MeterUnit;
}

/** The units a Prometheus meter's name ends with (its base unit), or a plain count. */
export type MeterUnit = 'bytes' | 'seconds' | 'ratio' | 'count';

/**
 * The meter a series belongs to and its unit, from the Prometheus naming rules: a histogram's `_bucket`, `_sum` and
 * `_count` series belong to the histogram (buckets and counts are counts, the sum has the histogram's unit), a
 * counter ends in `_total` after its unit, the unit is the last word (`_bytes`, `_seconds`, `_ratio`); anything else
 * is a count (connections, jobs, queue length).
 */
export function meterKind(name: string): { meter: string; unit: MeterUnit } {
  const histogram = /^(.*)_(bucket|sum|count)$/.exec(name);
  const meter = histogram ? histogram[1]! : name;
  if (histogram && histogram[2] !== 'sum') return { meter, unit: 'count' };
  const base = meter.replace(/_total$/, '');
  const unit: MeterUnit = base.endsWith('_bytes') ? 'bytes' : base.endsWith('_seconds') ? 'seconds' : base.endsWith('_ratio') ? 'ratio' : 'count';
  return { meter, unit };
}

export interface MeterGroup {
  /** The group heading: the meter's name and its unit. */
  group: string;
  items: { value: string; label: string }[];
}

/**
 * The picker's options grouped by meter (issue 26: 381 series in one flat list), headings "meter · unit", groups and
 * their series by name; `unitLabel` names the unit in the page's language.
 */
export function meterGroups(meters: readonly Pick<Meter, 'id' | 'name' | 'tags'>[], unitLabel: (unit: MeterUnit) => string): MeterGroup[] {
  const groups = new Map<string, MeterGroup>();
  const sorted = [...meters].sort((a, b) => meterLabel(a).localeCompare(meterLabel(b)));
  for (const m of sorted) {
    const { meter, unit } = meterKind(m.name);
    const group = `${meter} · ${unitLabel(unit)}`;
    const entry = groups.get(group) ?? { group, items: [] };
    entry.items.push({ value: String(m.id), label: meterLabel(m) });
    groups.set(group, entry);
  }
  return [...groups.values()].sort((a, b) => a.group.localeCompare(b.group));
}

/** Left and right of the plot, axes alternate; each further pair is moved out by this much. */
export const AXIS_OFFSET_PX = 64;

/** One y-axis per unit in the order the units first appear: left, right, then left and right again further out. */
export function unitAxes(units: readonly MeterUnit[], unitLabel: (unit: MeterUnit) => string) {
  const distinct = [...new Set(units)];
  const axes = distinct.map((unit, index) => ({
    type: 'value' as const,
    scale: true,
    name: unitLabel(unit),
    position: index % 2 === 0 ? ('left' as const) : ('right' as const),
    offset: Math.floor(index / 2) * AXIS_OFFSET_PX,
    alignTicks: index > 0,
    axisLine: { show: distinct.length > 1 },
    splitLine: { show: index === 0 },
  }));
  const left = Math.ceil(distinct.length / 2);
  const right = Math.floor(distinct.length / 2);
  return {
    axes: axes.length === 0 ? [{ type: 'value' as const, scale: true }] : axes,
    indexOf: (unit: MeterUnit | undefined) => Math.max(0, distinct.indexOf(unit ?? 'count')),
    grid: { left: 60 + Math.max(0, left - 1) * AXIS_OFFSET_PX, right: right === 0 ? 24 : 60 + (right - 1) * AXIS_OFFSET_PX },
  };
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

/**
 * A time-axis line chart over the last `minutes` up to `now`, one coloured line per series with a legend, one
 * y-axis per unit (issue 26: bytes and counts on one axis flattened the counts).
 */
export function metricsChartOption(series: readonly ChartSeries[], minutes: number, now: Date, unitLabel: (unit: MeterUnit) => string = (unit) => unit) {
  const y = unitAxes(series.map((s) => s.unit ?? 'count'), unitLabel);
  return {
    animation: false,
    // ECharts writes a description naming each series into the container's aria-label.
    aria: { enabled: true },
    color: [...METRIC_COLOURS],
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { ...y.grid, top: 56, bottom: 40 },
    xAxis: { type: 'time', min: now.getTime() - minutes * 60_000, max: now.getTime() },
    yAxis: y.axes,
    series: series.map((s) => ({
      name: s.label,
      type: 'line',
      yAxisIndex: y.indexOf(s.unit),
      showSymbol: false,
      step: 'end',
      data: chartPoints(s.values, now),
    })),
  };
}
