/**
 * Axis and value labels of charts: the axis style's divisor, prefix and postfix around the number formatting of
 * spec 1 §9 (6 significant digits under 10, else 5; trailing zeros trimmed).
 */
import type { AxisStyle, BinnedAxisStyle, ChartBinning } from '@corridor/contract';
import { formatSeriesValue } from '../../../../components/seriesFormat.ts';

export const formatNumber = formatSeriesValue;

/** A value as an axis style shows it: divided by valueDivisor, then prefix + number + postfix. */
export function formatAxisValue(value: unknown, style: AxisStyle | undefined): string {
  if (typeof value !== 'number') return value === null || value === undefined ? '' : String(value);
  const divided = style?.valueDivisor ? value / style.valueDivisor : value;
  return `${style?.prefix ?? ''}${formatNumber(divided)}${style?.postfix ?? ''}`;
}

/**
 * A number short enough for an axis tick: from 10,000 on abbreviated with k, M and B (12,345 → 12.3k,
 * 2,500,000 → 2.5M), three significant digits; smaller numbers as formatNumber writes them.
 */
export function abbreviateNumber(value: number): string {
  const size = Math.abs(value);
  for (const [limit, unit, suffix] of [[1e9, 1e9, 'B'], [1e6, 1e6, 'M'], [1e4, 1e3, 'k']] as const) {
    if (size >= limit) return `${Number((value / unit).toPrecision(3))}${suffix}`;
  }
  return formatNumber(value);
}

/** An axis tick as the axis style shows it: like formatAxisValue, with large numbers abbreviated (issue 25). */
export function formatAxisTick(value: unknown, style: AxisStyle | undefined): string {
  if (typeof value !== 'number') return formatAxisValue(value, style);
  const divided = style?.valueDivisor ? value / style.valueDivisor : value;
  return `${style?.prefix ?? ''}${abbreviateNumber(divided)}${style?.postfix ?? ''}`;
}

/** Any cell: numbers formatted, text as it is, empty for null. */
export const formatCell = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : value === null || value === undefined ? '' : String(value));

/**
 * The name of a bin given its lower edge (what the query answers): "lower – upper" with the interval or the next
 * custom edge as upper bound, "> last" for the last custom bin, "< first" for values below the first edge (null).
 * Divided by the binned axis style's divisor; shortenBinNames keeps the lower edge alone.
 */
export function binLabel(edge: number | null, binning: ChartBinning, style: BinnedAxisStyle | undefined): string {
  const f = (n: number) => formatNumber(style?.divisor ? n / style.divisor : n);
  if (binning.type === 'custom') {
    const edges = [...binning.bins].sort((a, b) => a - b);
    if (edge === null) return `< ${f(edges[0]!)}`;
    const next = edges.find((e) => e > edge);
    if (next === undefined) return `> ${f(edge)}`;
    return style?.shortenBinNames ? f(edge) : `${f(edge)} – ${f(next)}`;
  }
  if (edge === null) return '';
  return style?.shortenBinNames ? f(edge) : `${f(edge)} – ${f(edge + binning.binSize)}`;
}

/** Does a bin (by its lower edge) lie within the binned axis style's minBin..maxBin? */
export function binShown(edge: number | null, style: BinnedAxisStyle | undefined): boolean {
  if (edge === null) return style?.minBin === undefined || style.minBin === null;
  if (style?.minBin !== undefined && style.minBin !== null && edge < style.minBin) return false;
  if (style?.maxBin !== undefined && style.maxBin !== null && edge > style.maxBin) return false;
  return true;
}
