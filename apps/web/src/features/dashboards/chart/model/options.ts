/**
 * Series → an ECharts option for each chart type (the table type is drawn by a Mantine table, see tableRows).
 * Pure: the option is a plain object with formatter functions; the view hands it to ECharts as it is.
 */
import type { AxisStyle, ChartMeasure, TableField } from '@corridor/contract';
import type { ChartData } from '../types.ts';
import { formatAxisTick, formatAxisValue } from './format.ts';
import type { ChartMessage } from './messages.ts';
import { usesPivot } from './queries.ts';
import { boxData, type CategoryData, categoryData, type DatasetAnswer, scatterData } from './series.ts';
import { validateClasses } from './validate.ts';

export type ChartOption = Record<string, unknown>;
export type OptionResult = { option: ChartOption } | { error: ChartMessage };

/**
 * A value axis of an axis style: type (value, log, time), name, min, max, labels with divisor/prefix/postfix.
 * `whole`: the values are whole numbers, so ticks are too (ECharts otherwise ticks 0, 0.2, 0.4 … over a few iterations).
 */
export function valueAxis(style: AxisStyle | undefined, whole = false): ChartOption {
  const type = style?.axisType ?? 'value';
  return {
    type,
    name: style?.label || undefined,
    nameLocation: 'middle',
    nameGap: 40,
    min: style?.min ?? undefined,
    max: style?.max ?? undefined,
    scale: type !== 'log',
    ...(whole && type === 'value' ? { minInterval: 1 } : {}),
    // Ticks abbreviated (12.3k) and those that would overlap left out: dashboard panels are small (issue 25).
    axisLabel: type === 'time' ? { hideOverlap: true } : { formatter: (v: number) => formatAxisTick(v, style), hideOverlap: true },
  };
}

/** Panels up to this chart height get fewer value ticks (ECharts' default of about 5 crowds a small panel). */
export const SMALL_CHART_HEIGHT = 320;

/**
 * The option fitted to the chart area's height: on small panels the value axes tick about 3 times (under 220 px)
 * or 4 times (under 320 px) instead of 5, so their labels do not run into each other.
 */
export function fitToHeight(option: ChartOption, height: number): ChartOption {
  if (height >= SMALL_CHART_HEIGHT) return option;
  const splitNumber = height < 220 ? 3 : 4;
  const fit = (axis: unknown) =>
    axis && typeof axis === 'object' && !Array.isArray(axis) && ['value', 'log'].includes(String((axis as ChartOption).type)) ? { ...(axis as ChartOption), splitNumber } : axis;
  const fitted = { ...option };
  if ('xAxis' in option) fitted.xAxis = fit(option.xAxis);
  if ('yAxis' in option) fitted.yAxis = fit(option.yAxis);
  return fitted;
}

/** A category axis named like the bar chart's: the name centred along the axis, below (or beside) its labels. */
const categoryAxis = (labels: string[], name: string | undefined): ChartOption => ({ type: 'category', data: labels, name, nameLocation: 'middle', nameGap: 28 });

/** The table's column holds whole numbers (LONG; MATSim times are imported as seconds, LONG too). */
const isLong = (fields: readonly TableField[], column: string | undefined) => fields.some((f) => f.name === column && f.type === 'LONG');

/** A measure's values are whole numbers: counts, and sums, minima, maxima and raw values of a LONG column. */
const wholeMeasure = (fields: readonly TableField[], m: ChartMeasure | undefined) =>
  !!m && (m.aggregation === 'COUNT' || (['NONE', 'SUM', 'MIN', 'MAX'].includes(m.aggregation) && isLong(fields, m.name)));

function common(chart: ChartData, legendItems: number): ChartOption {
  const show = chart.config.options.showLegend ?? legendItems > 1;
  return {
    backgroundColor: 'transparent',
    animation: false,
    // ECharts describes the chart and its data in the canvas's aria-label (screen readers; browser tests read it).
    aria: { enabled: true },
    tooltip: { trigger: chart.type === 'scatter' || chart.type === 'pie' ? 'item' : 'axis', confine: true },
    legend: show ? { type: 'scroll', top: 0 } : { show: false },
    // ECharts 6: the margins bound everything of the grid, axis labels and axis names too (containLabel left the
    // names out, cutting the x axis name off at the bottom).
    grid: { left: 16, right: 24, top: show ? 32 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
  };
}

function cartesian(chart: ChartData, data: CategoryData, fields: readonly TableField[]): ChartOption {
  const { options, measures, dimensions } = chart.config;
  const style = measures[0]?.axisStyle;
  const numericX = options.xAxis === 'numeric';
  const dimLabel = dimensions[0]?.binnedAxisStyle?.label || dimensions[0]?.name;
  const divisor = dimensions[0]?.binnedAxisStyle?.divisor;
  const xAxis = numericX
    ? { ...valueAxis({ label: dimLabel, valueDivisor: divisor }, isLong(fields, dimensions[0]?.name)), scale: true }
    : categoryAxis(data.labels, dimLabel);
  // Several measures share the value axis: whole ticks only when every drawn measure is whole.
  const drawnMeasures = usesPivot(chart) ? measures.slice(0, 1) : measures;
  const whole = drawnMeasures.length > 0 && drawnMeasures.every((m) => wholeMeasure(fields, m));
  // Bars and areas are read by their length from zero: their value axis always includes 0 (lines may zoom in).
  const yAxis = { ...valueAxis(style, whole), ...(chart.type !== 'line' && style?.axisType !== 'log' ? { scale: false } : {}) };
  const kind = chart.type === 'bar' ? 'bar' : 'line';
  const series = data.series.map((s) => ({
    name: s.name,
    type: kind,
    data: numericX ? s.values.map((v, i) => [data.categories[i], v]) : s.values,
    // Compared datasets stack each on their own (two runs' shares would otherwise add up to 2).
    stack: options.stacked ? (s.dataset ?? 'total') : undefined,
    smooth: kind === 'line' ? (options.smooth ?? false) : undefined,
    areaStyle: chart.type === 'area' ? {} : undefined,
    showSymbol: kind === 'line' ? data.categories.length <= 50 : undefined,
    label: options.showLabels ? { show: true, formatter: (p: { value: unknown }) => formatAxisValue(Array.isArray(p.value) ? p.value[1] : p.value, style) } : undefined,
    tooltip: { valueFormatter: (v: unknown) => formatAxisValue(v, style) },
  }));
  const horizontal = options.horizontal ?? false;
  return {
    ...common(chart, series.length),
    xAxis: horizontal ? yAxis : xAxis,
    yAxis: horizontal ? xAxis : yAxis,
    series,
  };
}

function radial(chart: ChartData, data: CategoryData): ChartOption {
  const style = chart.config.measures[0]?.axisStyle;
  return {
    ...common(chart, data.series.length),
    polar: { radius: ['10%', '75%'] },
    angleAxis: { type: 'value', max: style?.max ?? undefined, axisLabel: { formatter: (v: number) => formatAxisValue(v, style) } },
    radiusAxis: { type: 'category', data: data.labels },
    series: data.series.map((s) => ({
      name: s.name,
      type: 'bar',
      coordinateSystem: 'polar',
      data: s.values,
      stack: chart.config.options.stacked ? (s.dataset ?? 'total') : undefined,
      tooltip: { valueFormatter: (v: unknown) => formatAxisValue(v, style) },
    })),
  };
}

function radar(chart: ChartData, data: CategoryData): ChartOption {
  const style = chart.config.measures[0]?.axisStyle;
  const largest = Math.max(0, ...data.series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const max = style?.max ?? (largest > 0 ? largest * 1.1 : 1);
  return {
    ...common(chart, data.series.length),
    tooltip: { trigger: 'item', confine: true, valueFormatter: (v: unknown) => formatAxisValue(v, style) },
    radar: { indicator: data.labels.map((name) => ({ name, max, min: style?.min ?? undefined })), radius: '65%' },
    series: [{ type: 'radar', data: data.series.map((s) => ({ name: s.name, value: s.values.map((v) => v ?? 0) })) }],
  };
}

/** One pie per series: with several datasets they stand side by side, each titled with its dataset. */
function pie(chart: ChartData, data: CategoryData): ChartOption {
  const style = chart.config.measures[0]?.axisStyle;
  const n = data.series.length;
  const several = n > 1;
  return {
    ...common(chart, data.labels.length),
    tooltip: { trigger: 'item', confine: true, valueFormatter: (v: unknown) => formatAxisValue(v, style) },
    legend: chart.config.options.showLegend ? { type: 'scroll', top: 0 } : { show: false },
    title: several ? data.series.map((s, i) => ({ text: s.name, left: `${((i + 0.5) / n) * 100}%`, top: 'bottom', textAlign: 'center', textStyle: { fontSize: 12 } })) : undefined,
    series: data.series.map((s, i) => ({
      name: s.name,
      type: 'pie',
      center: [`${((i + 0.5) / n) * 100}%`, '52%'],
      radius: several ? `${Math.min(65, 90 / n)}%` : '65%',
      label: { show: chart.config.options.showLabels ?? true },
      data: data.labels.map((name, j) => ({ name, value: s.values[j] ?? 0 })),
    })),
  };
}

function boxplot(chart: ChartData, answers: DatasetAnswer[]): ChartOption {
  const data = boxData(chart, answers);
  const style = chart.config.measures[0]?.axisStyle;
  const dim = chart.config.dimensions[0];
  const groupAxis = categoryAxis(data.groups, dim?.binnedAxisStyle?.label || dim?.name);
  const yAxis = valueAxis(style);
  const horizontal = chart.config.options.horizontal ?? false;
  return {
    ...common(chart, data.series.length),
    tooltip: { trigger: 'item', confine: true },
    xAxis: horizontal ? yAxis : groupAxis,
    yAxis: horizontal ? groupAxis : yAxis,
    // ECharts fills boxes white, a glaring block on the dark theme: no fill, the box drawn in the theme's series colour.
    series: data.series.map((s) => ({ name: s.name, type: 'boxplot', itemStyle: { color: 'transparent', borderWidth: 1.5 }, data: s.boxes.map((b) => b ?? []) })),
  };
}

function scatter(chart: ChartData, answers: DatasetAnswer[], fields: readonly TableField[]): OptionResult {
  const data = scatterData(chart, answers);
  const tooMany = validateClasses(chart, data.classes);
  if (tooMany) return { error: tooMany };
  const [mx, my] = chart.config.measures;
  return {
    option: {
      ...common(chart, data.series.length),
      xAxis: valueAxis({ label: mx!.name, ...mx!.axisStyle }, isLong(fields, mx!.name)),
      yAxis: valueAxis({ label: my!.name, ...my!.axisStyle }, isLong(fields, my!.name)),
      series: data.series.map((s) => ({ name: s.name, type: 'scatter', symbolSize: 5, data: s.points, large: s.points.length > 2000 })),
    },
  };
}

/**
 * The ECharts option of a chart over its answers (one per dataset), or the message why there is none. `fields` are
 * the chart table's columns with their types (whole-number axes for LONG columns); unknown fields draw as decimals.
 */
export function chartOption(chart: ChartData, answers: DatasetAnswer[], fields: readonly TableField[] = []): OptionResult {
  try {
    switch (chart.type) {
      case 'bar':
      case 'line':
      case 'area':
        return { option: cartesian(chart, categoryData(chart, answers), fields) };
      case 'radial':
        return { option: radial(chart, categoryData(chart, answers)) };
      case 'radar':
        return { option: radar(chart, categoryData(chart, answers)) };
      case 'pie': {
        const data = categoryData(chart, answers);
        return validateClasses(chart, data.labels.length) ? { error: validateClasses(chart, data.labels.length)! } : { option: pie(chart, data) };
      }
      case 'boxplot':
        return { option: boxplot(chart, answers) };
      case 'scatter':
        return scatter(chart, answers, fields);
      default:
        return { error: { key: 'invalidConfig' } };
    }
  } catch {
    return { error: { key: 'noOption' } };
  }
}
