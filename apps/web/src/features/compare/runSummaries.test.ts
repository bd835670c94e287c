import { describe, expect, it } from 'vitest';
import { formatDuration, formatShare, hasTripsTable, lastModeShares, lastScore, travelTimes, unitedModes } from './runSummaries.ts';

const series = (rows: (string | number | null)[][]) => ({ columns: ['iteration', 'value', 'key'], rows });

describe('compared runs: results side by side', () => {
  it('the score is the last iteration\'s average executed score', () => {
    expect(lastScore(series([[0, 100.5, 'avg_executed'], [2, 112.25, 'avg_executed'], [1, 110, 'avg_executed']]))).toEqual({ iteration: 2, score: 112.25 });
    // Other keys do not count; a run without scores has none.
    expect(lastScore(series([[5, 1, 'avg_best'], [3, 90, 'avg_executed']]))).toEqual({ iteration: 3, score: 90 });
    expect(lastScore(series([]))).toBeNull();
    expect(lastScore(series([[1, null, 'avg_executed']]))).toBeNull();
  });

  it('mode shares of the last iteration, largest first', () => {
    const answer = series([[0, 0.5, 'car'], [0, 0.5, 'pt'], [3, 0.25, 'pt'], [3, 0.7, 'car'], [3, 0.05, 'walk']]);
    expect(lastModeShares(answer)).toEqual({
      iteration: 3,
      shares: [
        { mode: 'car', share: 0.7 },
        { mode: 'pt', share: 0.25 },
        { mode: 'walk', share: 0.05 },
      ],
    });
    expect(lastModeShares(series([]))).toBeNull();
  });

  it('travel times per main mode from output_trips, most trips first', () => {
    const answer = { columns: ['main_mode', 'avg(trav_time)', 'count(trav_time)'], rows: [['walk', 600, 10], ['car', 1234.5, 40], ['bike', null, 0]] };
    expect(travelTimes(answer)).toEqual({
      modes: [
        { mode: 'car', meanSeconds: 1234.5, trips: 40 },
        { mode: 'walk', meanSeconds: 600, trips: 10 },
      ],
    });
  });

  it('unites the modes of the runs, formats shares and durations, finds the trips table', () => {
    expect(unitedModes([[{ mode: 'car' }, { mode: 'pt' }], null, [{ mode: 'bike' }, { mode: 'car' }]])).toEqual(['car', 'pt', 'bike']);
    expect(formatShare(0.4567)).toBe('45.7 %');
    expect(formatShare(1)).toBe('100.0 %');
    expect(formatDuration(1234.5)).toBe('20:35');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(59)).toBe('0:59');
    expect(hasTripsTable({ '7': [{ name: 'scorestats' }, { name: 'output_trips' }] }, 7)).toBe(true);
    expect(hasTripsTable({ '7': [{ name: 'scorestats' }] }, 7)).toBe(false);
    expect(hasTripsTable(undefined, 7)).toBe(false);
  });
});
