/**
 * Bin list rules (spec 3 §5 "Bin lists"): boundaries strictly increase, at least two of them, new boundaries in the
 * middle of their neighbours (or one step beyond the ends), new colour bins grey, and the optional colours or
 * numbers below the first boundary, above the last and for NaN.
 */
import { GREY, RED } from './presets.ts';
import type { ColorBin, ColorStrategyOf, NumberBin, NumberStrategyOf } from './types.ts';

export const MIN_BOUNDARIES = 2;

/** Per boundary: true when it is not above the previous one (or not a number). */
export function binErrors(bins: readonly { value: number }[]): boolean[] {
  return bins.map((bin, i) => !Number.isFinite(bin.value) || (i > 0 && !(bin.value > bins[i - 1]!.value)));
}

export const binsValid = (bins: readonly { value: number }[]): boolean =>
  bins.length >= MIN_BOUNDARIES && !binErrors(bins).some(Boolean);

/** Deleting is offered only above two boundaries. */
export const canDeleteBin = (bins: readonly unknown[]): boolean => bins.length > MIN_BOUNDARIES;

export function deleteBin<B>(bins: readonly B[], index: number): B[] {
  if (!canDeleteBin(bins) || index < 0 || index >= bins.length) return [...bins];
  return bins.filter((_, i) => i !== index);
}

/**
 * The value of a boundary inserted at `index` (before the boundary now there; `bins.length` appends): the middle of
 * its neighbours, or one last step beyond the first or the last boundary (a step of 1 when there is none).
 */
export function newBoundary(values: readonly number[], index: number): number {
  const n = values.length;
  if (n === 0) return 0;
  const step = (a: number, b: number) => (Number.isFinite(b - a) && b - a !== 0 ? Math.abs(b - a) : 1);
  if (index <= 0) return values[0]! - (n > 1 ? step(values[0]!, values[1]!) : 1);
  if (index >= n) return values[n - 1]! + (n > 1 ? step(values[n - 2]!, values[n - 1]!) : 1);
  return (values[index - 1]! + values[index]!) / 2;
}

function insert<B extends { value: number }>(bins: readonly B[], index: number, make: (value: number, neighbour: B | undefined) => B): B[] {
  const at = Math.max(0, Math.min(bins.length, index));
  const value = newBoundary(
    bins.map((b) => b.value),
    at,
  );
  const neighbour = bins[at - 1] ?? bins[at];
  return [...bins.slice(0, at), make(value, neighbour), ...bins.slice(at)];
}

/** A grey colour bin at `index`. */
export const insertColorBin = (bins: readonly ColorBin[], index: number): ColorBin[] =>
  insert(bins, index, (value) => ({ value, color: GREY }));

/** A number bin at `index`, with the number of the boundary before it (after it at the start). */
export const insertNumberBin = (bins: readonly NumberBin[], index: number): NumberBin[] =>
  insert(bins, index, (value, neighbour) => ({ value, number: neighbour?.number ?? 0 }));

export type ColorExtra = 'negInfColor' | 'infColor' | 'nanColor';
export type NumberExtra = 'negInf' | 'inf' | 'nan';

/** Defaults when an option is switched on: grey below, grey above, red for NaN; 0 for numbers. */
export const COLOR_EXTRA_DEFAULTS: Record<ColorExtra, string> = { negInfColor: GREY, infColor: GREY, nanColor: RED };
export const NUMBER_EXTRA_DEFAULT = 0;

type ColorBins = ColorStrategyOf<'bin'>;
type NumberBins = NumberStrategyOf<'bin'>;

export function toggleColorExtra(strategy: ColorBins, extra: ColorExtra, on: boolean): ColorBins {
  const next = { ...strategy };
  if (on) next[extra] = strategy[extra] ?? COLOR_EXTRA_DEFAULTS[extra];
  else delete next[extra];
  return next;
}

export function toggleNumberExtra(strategy: NumberBins, extra: NumberExtra, on: boolean): NumberBins {
  const next = { ...strategy };
  if (on) next[extra] = strategy[extra] ?? NUMBER_EXTRA_DEFAULT;
  else delete next[extra];
  return next;
}

/** Boundaries for fresh bins: the range (or 0–1) cut into `count` equal steps. */
export function binsOverRange(range: { min: number; max: number } | null, count = 5): number[] {
  const min = range?.min ?? 0;
  const max = range && range.max > range.min ? range.max : min + 1;
  return Array.from({ length: count + 1 }, (_, i) => min + ((max - min) * i) / count);
}
