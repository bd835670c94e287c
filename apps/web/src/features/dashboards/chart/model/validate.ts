/** The chart rules of spec 3 §5 checked before any query: the first broken rule's message, or null. */
import { CHART_LIMITS, CHART_TYPES } from '@corridor/contract';
import type { ChartData } from '../types.ts';
import type { ChartMessage } from './messages.ts';

export function validateChart(chart: ChartData): ChartMessage | null {
  const { measures, dimensions } = chart.config ?? { measures: [], dimensions: [] };
  if (!(CHART_TYPES as readonly string[]).includes(chart.type) || !Array.isArray(measures) || !Array.isArray(dimensions)) {
    return { key: 'invalidConfig' };
  }
  switch (chart.type) {
    case 'pie':
      return measures.length === 1 && dimensions.length >= 1 ? null : { key: 'pieNeedsValues' };
    case 'scatter':
      return measures.length >= 2 ? null : { key: 'scatterNeedsAxes' };
    case 'radial':
    case 'radar':
    case 'boxplot':
      return measures.length === 1 ? null : { key: 'oneMeasure' };
    case 'table':
      return measures.length + dimensions.length > 0 ? null : { key: 'needsColumns' };
    default:
      return measures.length >= 1 ? null : { key: 'needsMeasure' };
  }
}

/** The rules that need the answer: class counts of pie slices and scatter colours. */
export function validateClasses(chart: ChartData, classes: number): ChartMessage | null {
  if (chart.type === 'pie' && classes > CHART_LIMITS.pieMaxClasses) return { key: 'pieTooManyClasses' };
  if (chart.type === 'scatter' && classes > CHART_LIMITS.scatterMaxColorClasses) return { key: 'scatterTooManyClasses' };
  return null;
}
