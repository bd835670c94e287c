/**
 * Chart configuration → table query (spec 3 §3 chart, measure, dimension, binning, filter; spec 1 §7.4 shapes).
 * Pure. Which dimension and measure mean what, per type:
 * - bar, line, area, radial, radar, pie, table: dimension 1 is the category (x axis, slice, angle, row), dimension 2
 *   (optional) the colour attribute. With a colour attribute the query is PIVOT (one measure); otherwise RAW.
 * - boxplot: BOXPLOT of the one measure's values, grouped by dimension 1 when there is one.
 * - scatter: RAW rows of measure 1 (x) and measure 2 (y) as they are, dimension 1 (optional) the colour.
 */
import type { ChartBinning, ChartFilter, ChartMeasure, TableBinning, TableFilter, TableQuery, TableSelect } from '@corridor/contract';
import type { ChartData } from '../types.ts';

export function tableBinning(binning: ChartBinning | null | undefined): TableBinning | null {
  if (!binning) return null;
  return binning.type === 'interval' ? { interval: binning.binSize } : { edges: [...binning.bins] };
}

/** Filters as the query's where: 'last k' without a column is dropped here (the editor fills in the first field). */
export function filtersToWhere(filters: readonly ChartFilter[]): TableFilter[] {
  return filters.filter((f) => f.column !== '').map((f) => ({ column: f.column, is: f.is, value: f.value }));
}

const measureSelect = (m: ChartMeasure): TableSelect => ({ column: m.name, aggregation: m.aggregation });

/** Does the chart put values on a category axis (or slices, or rows) rather than x/y pairs? */
export const usesPivot = (chart: ChartData) =>
  !['boxplot', 'scatter', 'table', 'pie'].includes(chart.type) && chart.config.dimensions.length > 1;

export function chartQuery(chart: ChartData): TableQuery {
  const { measures, dimensions } = chart.config;
  const where = filtersToWhere(chart.filters ?? []);
  const dims = dimensions.map((d): TableSelect => ({ column: d.name, binning: tableBinning(d.binning) }));
  if (chart.type === 'boxplot') {
    const group = dims.slice(0, 1);
    return {
      query: { select: [...group, { column: measures[0]!.name, aggregation: 'NONE' }], groupBy: group.map((d) => ({ column: d.column })), where },
      shape: 'BOXPLOT',
    };
  }
  if (chart.type === 'scatter') {
    const xy = measures.slice(0, 2).map((m): TableSelect => ({ column: m.name, aggregation: 'NONE' }));
    return { query: { select: [...xy, ...dims.slice(0, 1).map((d) => ({ column: d.column }))], groupBy: [], where }, shape: 'RAW' };
  }
  if (usesPivot(chart)) {
    const [row, series] = dims;
    return {
      query: { select: [row!, series!, measureSelect(measures[0]!)], groupBy: [{ column: row!.column }, { column: series!.column }], where },
      shape: 'PIVOT',
    };
  }
  if (chart.type === 'pie') {
    // One slice per class of the colour attribute: the one measure by dimension 1.
    const slice = dims.slice(0, 1);
    return { query: { select: [...slice, measureSelect(measures[0]!)], groupBy: slice.map((d) => ({ column: d.column })), where }, shape: 'RAW' };
  }
  const aggregated = measures.some((m) => m.aggregation !== 'NONE');
  return {
    query: { select: [...dims, ...measures.map(measureSelect)], groupBy: aggregated ? dims.map((d) => ({ column: d.column })) : [], where },
    shape: 'RAW',
  };
}

/** The answer's column name for a measure (as the server aliases it: `count(col)`, or the column itself). */
export const measureColumn = (m: ChartMeasure) => (m.aggregation === 'NONE' ? m.name : `${m.aggregation.toLowerCase()}(${m.name})`);
