/**
 * The chart being edited and the editor's rules that change it (spec 3 §4 "Bar, line and area editors", §5, §9).
 * Pure, so the rules are tested without a browser.
 */
import { type ChartDimension, type ChartFilter, type ChartMeasure, type ChartType, CHART_LIMITS, type TableField } from '@corridor/contract';
import type { ChartData } from '../types.ts';

export const RESTRICTED_OPERATORS = ['!=', 'not in', 'last k'] as const;
export const emptyChart = (dataset?: number, groupId?: number): ChartData => ({
  type: 'bar',
  name: '',
  dataset,
  groupId,
  table: '',
  filters: [],
  config: { measures: [], dimensions: [], options: {} },
});

/** Types drawn over a category axis with an x-axis choice (discrete or numeric). */
export const hasXAxisChoice = (type: ChartType) => type === 'bar' || type === 'line' || type === 'area';
export const isNumericField = (f: TableField | undefined) => f !== undefined && f.type !== 'STRING';
export const numericX = (chart: ChartData) => hasXAxisChoice(chart.type) && chart.config.options.xAxis === 'numeric';

function withConfig(chart: ChartData, config: Partial<ChartData['config']>): ChartData {
  return { ...chart, config: { ...chart.config, ...config } };
}

/**
 * The x axis type. Numeric: no binning (the values are the x positions), and counts become None, the values as
 * they are, as the templates' numeric charts have them (issue 25). Back to discrete: every measure's aggregation is
 * reset to COUNT (NONE is for numeric axes only).
 */
export function setXAxis(chart: ChartData, axis: 'discrete' | 'numeric'): ChartData {
  const options = { ...chart.config.options, xAxis: axis };
  if (axis === 'numeric') {
    const measures = chart.config.measures.map((m) => (m.aggregation === 'COUNT' ? { ...m, aggregation: 'NONE' as const } : m));
    return { ...chart, config: { ...chart.config, options, measures, dimensions: chart.config.dimensions.map((d) => ({ ...d, binning: null })) } };
  }
  return { ...chart, config: { ...chart.config, options, measures: chart.config.measures.map((m) => ({ ...m, aggregation: 'COUNT' })) } };
}

/**
 * Does the measure's aggregation apply? Boxplots summarise the values themselves and scatter charts draw them as
 * they are: both ignore it, so the editor hides it (issue 25).
 */
export const aggregationApplies = (type: ChartType) => type !== 'boxplot' && type !== 'scatter';

/** Aggregations offered: NONE only where the axis is numeric (numeric x axis, scatter, boxplot). */
export function aggregationsFor(chart: ChartData): ChartMeasure['aggregation'][] {
  const none = numericX(chart) || chart.type === 'scatter' || chart.type === 'boxplot';
  return none ? ['COUNT', 'SUM', 'AVG', 'NONE'] : ['COUNT', 'SUM', 'AVG'];
}

/**
 * May a column be picked for a measure? Numeric axes (and None) disable STRING columns. SUM and AVG do not: picking
 * a text column there counts its rows instead (`pickMeasureColumn`), so the default SUM never locks text columns out.
 */
export function measureFieldDisabled(chart: ChartData, field: TableField, aggregation: ChartMeasure['aggregation']): boolean {
  if (field.type !== 'STRING') return false;
  return numericX(chart) || chart.type === 'scatter' || chart.type === 'boxplot' || aggregation === 'NONE';
}

/** A measure on another column: a text column cannot be summed or averaged, so it is counted ("Number of rows"). */
export function pickMeasureColumn(measure: ChartMeasure, field: TableField | undefined, name: string): ChartMeasure {
  const text = field?.type === 'STRING';
  return { ...measure, name, aggregation: text && (measure.aggregation === 'SUM' || measure.aggregation === 'AVG') ? 'COUNT' : measure.aggregation };
}

/** May a column be the first dimension? A numeric x axis disables STRING columns. */
export const dimensionFieldDisabled = (chart: ChartData, field: TableField, index: number) => index === 0 && numericX(chart) && field.type === 'STRING';

/** Binning is offered for a numeric column on a discrete axis (and for categories of the other types). */
export function binningOffered(chart: ChartData, field: TableField | undefined, index: number): boolean {
  if (!isNumericField(field) || chart.type === 'scatter') return false;
  if (index > 0) return false;
  return !numericX(chart);
}

export const defaultBinning = (type: 'interval' | 'custom'): NonNullable<ChartDimension['binning']> =>
  type === 'interval' ? { type, binSize: CHART_LIMITS.defaultBinInterval } : { type, bins: [...CHART_LIMITS.defaultCustomBins] };

export function setMeasure(chart: ChartData, index: number, measure: ChartMeasure | null): ChartData {
  const measures = [...chart.config.measures];
  if (measure === null) measures.splice(index, 1);
  else measures[index] = measure;
  return withConfig(chart, { measures });
}

export function setDimension(chart: ChartData, index: number, dimension: ChartDimension | null): ChartData {
  const dimensions = [...chart.config.dimensions];
  if (dimension === null) dimensions.splice(index, 1);
  else dimensions[index] = dimension;
  return withConfig(chart, { dimensions: dimensions.filter(Boolean) });
}

/**
 * The measure a new value slot starts with (issue 25: not COUNT of whatever column comes first):
 * - numeric axes (numeric x, scatter, boxplot): the first numeric column not drawn as a dimension, as it is (None);
 * - otherwise the SUM of that column;
 * - a table without such a column: COUNT, which the editor names "Number of rows".
 * Null when the table has no columns yet.
 */
export function newMeasure(fields: readonly TableField[], chart: ChartData): ChartMeasure | null {
  const dimensions = new Set(chart.config.dimensions.map((d) => d.name));
  const numeric = fields.find((f) => isNumericField(f) && !dimensions.has(f.name)) ?? fields.find(isNumericField);
  if (numericX(chart) || !aggregationApplies(chart.type)) return numeric ? { name: numeric.name, aggregation: 'NONE' } : null;
  if (numeric && !dimensions.has(numeric.name)) return { name: numeric.name, aggregation: 'SUM' };
  const first = fields[0];
  return first ? { name: first.name, aggregation: 'COUNT' } : null;
}

/**
 * A new type keeps what it can: the measures and dimensions (the preview shows which rule fails, if any). Types
 * that ignore the aggregation (boxplot, scatter) take the values as they are.
 */
export function setType(chart: ChartData, type: ChartType): ChartData {
  let next = { ...chart, type };
  if (!aggregationApplies(type)) next = withConfig(next, { measures: next.config.measures.map((m) => ({ ...m, aggregation: 'NONE' as const })) });
  return hasXAxisChoice(type) || chart.config.options.xAxis === undefined ? next : setXAxis(next, 'discrete');
}

/** Operators of the filter editor: restricted mode hides !=, not in and last k. */
export function filterOperators(restricted: boolean, all: readonly ChartFilter['is'][]): ChartFilter['is'][] {
  return restricted ? all.filter((o) => !(RESTRICTED_OPERATORS as readonly string[]).includes(o)) : [...all];
}

/**
 * A filter to add, or null when it cannot be added: a non-empty value and a column are needed; for 'last k' the
 * value alone, and the column defaults to the first field.
 */
export function filterToAdd(column: string | null, is: ChartFilter['is'], value: string, fields: readonly TableField[]): ChartFilter | null {
  if (value.trim() === '') return null;
  if (is === 'last k') {
    const col = column || fields[0]?.name;
    return col ? { column: col, is, value: value.trim() } : null;
  }
  if (!column) return null;
  return { column, is, value: value.trim() };
}

/** Save needs a ready preview and a non-blank name. */
export const canSave = (chart: ChartData, previewReady: boolean) => previewReady && chart.name.trim() !== '';
