/** Equal-width bins for the table's histogram (spec 2 §9: 20, 50 or 100 bins, default 20). */

export const BIN_OPTIONS = [20, 50, 100] as const;
export type BinCount = (typeof BIN_OPTIONS)[number];
export const DEFAULT_BINS: BinCount = 20;
export const HISTOGRAM_HEIGHT = 200;

export interface Binning {
  readonly min: number;
  readonly max: number;
  /** Width of one bin; when every value is the same, 1 so that all fall into the first bin. */
  readonly width: number;
  readonly counts: readonly number[];
}

/** Values binned over [min, max]; the maximum falls into the last bin. Non-finite values are skipped. */
export function binValues(values: readonly number[], bins: number): Binning {
  const finite = values.filter(Number.isFinite);
  const counts = new Array<number>(bins).fill(0);
  if (finite.length === 0) return { min: 0, max: 0, width: 1, counts };
  let min = Infinity;
  let max = -Infinity;
  for (const value of finite) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const width = max > min ? (max - min) / bins : 1;
  const binning = { min, max, width, counts };
  for (const value of finite) counts[binIndex(binning, value)]! += 1;
  return binning;
}

export function binIndex(binning: Pick<Binning, 'min' | 'width' | 'counts'>, value: number): number {
  return Math.min(binning.counts.length - 1, Math.max(0, Math.floor((value - binning.min) / binning.width)));
}

/** The "from – to" label of a bin. */
export function binLabel(binning: Binning, index: number, digits = 2): string {
  const from = binning.min + index * binning.width;
  const round = (value: number) => String(Math.round(value * 10 ** digits) / 10 ** digits);
  return `${round(from)}–${round(from + binning.width)}`;
}

/** Ids of the items whose value falls into one of the given bins (the brushed bars). */
export function idsInBins<T>(items: readonly T[], value: (item: T) => number, id: (item: T) => string, binning: Binning, bins: ReadonlySet<number>): Set<string> {
  const ids = new Set<string>();
  for (const item of items) {
    const v = value(item);
    if (Number.isFinite(v) && bins.has(binIndex(binning, v))) ids.add(id(item));
  }
  return ids;
}
