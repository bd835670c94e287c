/**
 * Duplicating a departure (spec 2 §2, §5, §9): `count` copies (0 to 1000) every `interval` seconds after it. The
 * copies get new ids unique in the line and keep the vehicle (a vehicle id the vehicles file does not define would
 * break the run; one vehicle may serve several departures). The preview lists the new times, with an ellipsis at 8
 * or more repetitions.
 */
import { generateId } from '@corridor/changesets';
import type { Departure } from '@corridor/contract';
import { formatTime } from './time.ts';

export const DUPLICATE_MAX = 1000;
/** From this many repetitions on, the preview shows an ellipsis instead of every time. */
export const DUPLICATE_ELLIPSIS_AT = 8;
/** Times shown before the ellipsis (the last one follows it). */
const PREVIEW_HEAD = 3;

/** The count as the form may use it: a whole number from 0 to 1000, or undefined when it is not one. */
export function duplicateCount(value: number | string): number | undefined {
  const count = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(count) && count >= 0 && count <= DUPLICATE_MAX ? count : undefined;
}

/** The times of the copies: start + interval, start + 2 × interval, … (`count` of them). */
export const duplicateTimes = (start: number, count: number, interval: number): number[] => Array.from({ length: count }, (_, k) => start + (k + 1) * interval);

/** The preview of the copies' times (HH:MM:SS): all of them, or at 8 or more the first three, "…", the last. */
export function duplicatePreview(start: number, count: number, interval: number): string {
  const times = duplicateTimes(start, count, interval).map(formatTime);
  if (count < DUPLICATE_ELLIPSIS_AT) return times.join(', ');
  return [...times.slice(0, PREVIEW_HEAD), '…', times.at(-1)!].join(', ');
}

/**
 * The route's departures with `count` copies of the one at `index` inserted after it. `taken` holds the line's
 * departure ids outside this route.
 */
export function duplicateDepartures(departures: readonly Departure[], index: number, count: number, interval: number, taken: ReadonlySet<string> = new Set(), random?: () => string): Departure[] {
  const source = departures[index];
  if (!source) return [...departures];
  const used = new Set([...taken, ...departures.map((departure) => departure.id)]);
  const copies = duplicateTimes(source.departureTime, count, interval).map((departureTime): Departure => {
    const id = generateId((candidate) => used.has(candidate), random);
    used.add(id);
    return { ...source, id, departureTime };
  });
  return [...departures.slice(0, index + 1), ...copies, ...departures.slice(index + 1)];
}
