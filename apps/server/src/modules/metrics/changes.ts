/**
 * Pure: which series of a sample are worth a row (docs/decisions.md "Sampling"). A value is stored when its meter
 * has none stored yet in this process, when it differs from the last stored one, or when the last stored one is
 * METRIC_UNCHANGED_STORE_MINUTES old — so a chart of any range has points, and a longer gap means no sampling.
 */
import { METRIC_UNCHANGED_STORE_MINUTES } from '@corridor/contract';
import type { SeriesSample } from './series.ts';

export const UNCHANGED_STORE_MS = METRIC_UNCHANGED_STORE_MINUTES * 60_000;

export class StoredValues {
  private readonly last = new Map<string, { value: number; at: number }>();

  /** The series of a sample taken at `at` that need a row. */
  due(series: readonly SeriesSample[], at: Date): SeriesSample[] {
    return series.filter((s) => {
      const last = this.last.get(s.identity);
      return !last || last.value !== s.value || at.getTime() - last.at >= UNCHANGED_STORE_MS;
    });
  }

  /** Remembers values once they are stored (not before: a failed write is tried again at the next sample). */
  stored(series: readonly SeriesSample[], at: Date): void {
    for (const s of series) this.last.set(s.identity, { value: s.value, at: at.getTime() });
  }
}
