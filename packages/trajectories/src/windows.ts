/**
 * Time windows of `segments.bin`. Segments are written in the order they end, so window w (t1 in
 * [w·ws, (w+1)·ws)) is one contiguous byte range. Windows are listed from 0, empty ones too (count 0, minT0 =
 * maxT1 = the window's start). A segment of an event that came out of time order (t1 in a window already closed)
 * goes to the current window instead: the windows stay contiguous and ordered, and each window's minT0/maxT1
 * still bound its segments, which is all `windowRange` relies on.
 */
import { SEGMENT_BYTES, WINDOW_SECONDS, type VehicleDataMeta } from './api.ts';

type Window = VehicleDataMeta['windows'][number];

export class WindowIndex {
  readonly windows: Window[] = [];

  constructor(readonly seconds: number = WINDOW_SECONDS) {
    if (!(seconds > 0)) throw new Error(`Window length must be positive, not ${seconds}.`);
  }

  /** Records a segment written at byte `offset` (segments are added in write order). */
  add(t0: number, t1: number, offset: number): void {
    const own = Math.max(0, Math.floor(t1 / this.seconds));
    while (this.windows.length <= own) {
      const start = this.windows.length * this.seconds;
      this.windows.push({ offset, count: 0, minT0: start, maxT1: start });
    }
    const window = this.windows[this.windows.length - 1]!;
    if (window.count === 0) {
      window.minT0 = t0;
      window.maxT1 = t1;
    } else {
      if (t0 < window.minT0) window.minT0 = t0;
      if (t1 > window.maxT1) window.maxT1 = t1;
    }
    window.count++;
  }
}

/**
 * The byte range [start, end) holding every segment that overlaps [from, to] (t0 ≤ to and t1 ≥ from): from the
 * first non-empty window whose latest t1 reaches `from` to the last non-empty window whose earliest t0 is before
 * `to`. Exact for the windows' bounds; a segment lasting long (a vehicle queued for an hour) widens the range up to
 * the window it ends in. Empty range: start = end.
 */
export function windowRange(meta: VehicleDataMeta, from: number, to: number): { start: number; end: number } {
  const { windows } = meta;
  let first = -1;
  let last = -1;
  for (let w = 0; w < windows.length; w++) {
    const window = windows[w]!;
    if (window.count === 0) continue;
    if (first < 0 && window.maxT1 >= from) first = w;
    if (window.minT0 <= to) last = w;
  }
  if (first < 0 || last < first) return { start: 0, end: 0 };
  const end = windows[last]!;
  return { start: windows[first]!.offset, end: end.offset + end.count * SEGMENT_BYTES };
}
