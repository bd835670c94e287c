/**
 * When the vehicle layer loads data again (spec 3 §4 "Vehicle layer", §9): the clock comes within the threshold of
 * the loaded buffer's end, moves before its start, or what the data depends on (run, attribute, filters) changed.
 * Only one load runs at a time: while one runs, nothing else starts.
 */
import { VIS_FETCH_WINDOW_SECONDS, VIS_RELOAD_THRESHOLD_SECONDS } from '@corridor/contract';

export interface Buffer {
  start: number;
  end: number;
  /** What the data was loaded for (run, attribute, filters as one string). */
  key: string;
}

export function needsReload(buffer: Buffer | null, time: number, key: string, loading: boolean): boolean {
  if (loading) return false;
  if (!buffer || buffer.key !== key) return true;
  if (time < buffer.start) return true;
  return time > buffer.end - VIS_RELOAD_THRESHOLD_SECONDS;
}

/** The window a load asks for: the current time to the current time + 300 s (spec 3 §7). */
export function fetchWindow(time: number): { from: number; to: number } {
  const from = Math.max(0, Math.floor(time));
  return { from, to: from + VIS_FETCH_WINDOW_SECONDS };
}
