/**
 * The results of compared runs side by side (issue 25): the score (average executed score of the last iteration),
 * the mode shares of the last iteration, both from the run series every run reports (live tables scoreStats and
 * modeStats), and the mean travel time per main mode from the run's output_trips table when it was imported.
 * Pure: the queries each run is asked and their answers → what the page shows.
 */
import type { TableQuery, TableQueryAnswer } from '@corridor/contract';

/** The table run post-processing imports from output_trips.csv.gz (STANDARD_RUN_TABLES). */
export const TRIPS_TABLE = 'output_trips';
/** MATSim's key of the average executed plan's score in scorestats. */
export const SCORE_KEY = 'avg_executed';

const seriesSelect = [{ column: 'iteration' }, { column: 'value' }, { column: 'key' }];

export const SCORE_QUERY: TableQuery = {
  query: { select: seriesSelect, groupBy: [], where: [{ column: 'key', is: '=', value: SCORE_KEY }] },
  shape: 'RAW',
};
export const MODES_QUERY: TableQuery = { query: { select: seriesSelect, groupBy: [], where: [] }, shape: 'RAW' };
/** Mean travel time and trip count per main mode (trav_time is imported as seconds). */
export const TRAVEL_TIME_QUERY: TableQuery = {
  query: {
    select: [{ column: 'main_mode' }, { column: 'trav_time', aggregation: 'AVG' }, { column: 'trav_time', aggregation: 'COUNT' }],
    groupBy: [{ column: 'main_mode' }],
    where: [],
  },
  shape: 'RAW',
};

const num = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Rows of a series answer (iteration, value, key) as numbers; rows without numbers are left out. */
function seriesRows(answer: TableQueryAnswer): { iteration: number; value: number; key: string }[] {
  const [i, v, k] = ['iteration', 'value', 'key'].map((name) => answer.columns.indexOf(name));
  if (i! < 0 || v! < 0) return [];
  return answer.rows.flatMap((row) => {
    const iteration = num(row[i!]);
    const value = num(row[v!]);
    return iteration === null || value === null ? [] : [{ iteration, value, key: k! < 0 ? '' : String(row[k!] ?? '') }];
  });
}

export interface LastScore {
  iteration: number;
  score: number;
}

/** The last iteration's average executed score, or null when the run reported none. */
export function lastScore(answer: TableQueryAnswer): LastScore | null {
  let last: LastScore | null = null;
  for (const row of seriesRows(answer)) {
    if (row.key !== SCORE_KEY && row.key !== '') continue;
    if (!last || row.iteration >= last.iteration) last = { iteration: row.iteration, score: row.value };
  }
  return last;
}

export interface ModeShares {
  iteration: number;
  /** Share per mode (0..1), largest first. */
  shares: { mode: string; share: number }[];
}

/** The shares of the last iteration modeStats has, largest first; null when the run reported none. */
export function lastModeShares(answer: TableQueryAnswer): ModeShares | null {
  const rows = seriesRows(answer);
  if (rows.length === 0) return null;
  const iteration = Math.max(...rows.map((row) => row.iteration));
  const shares = rows
    .filter((row) => row.iteration === iteration)
    .map((row) => ({ mode: row.key, share: row.value }))
    .sort((a, b) => b.share - a.share || a.mode.localeCompare(b.mode));
  return { iteration, shares };
}

export interface TravelTimes {
  /** Mean travel time in seconds and trip count per main mode, most trips first. */
  modes: { mode: string; meanSeconds: number; trips: number }[];
}

/** The answer of TRAVEL_TIME_QUERY per mode, most trips first. */
export function travelTimes(answer: TableQueryAnswer): TravelTimes {
  const [m, avg, count] = ['main_mode', 'avg(trav_time)', 'count(trav_time)'].map((name) => answer.columns.indexOf(name));
  const modes = answer.rows.flatMap((row) => {
    const meanSeconds = num(row[avg!]);
    return meanSeconds === null ? [] : [{ mode: String(row[m!] ?? ''), meanSeconds, trips: num(row[count!]) ?? 0 }];
  });
  return { modes: modes.sort((a, b) => b.trips - a.trips || a.mode.localeCompare(b.mode)) };
}

/** The modes of all runs in one order: by the first run's order, then the others' modes as they come. */
export function unitedModes(lists: readonly (readonly { mode: string }[] | null)[]): string[] {
  const modes: string[] = [];
  for (const list of lists) for (const { mode } of list ?? []) if (!modes.includes(mode)) modes.push(mode);
  return modes;
}

/** A share as the page shows it: percent with one decimal (0.4567 → 45.7 %). */
export const formatShare = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)} %`;

/** A duration in seconds as m:ss, or h:mm:ss from an hour on (1234.5 → 20:35). */
export function formatDuration(seconds: number): string {
  const total = Math.round(Math.max(0, seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Does the run have the trips table? `tables` is the group's tables by dataset id (GET …/tables). */
export function hasTripsTable(tables: Record<string, readonly { name: string }[]> | undefined, runId: number): boolean {
  return (tables?.[String(runId)] ?? []).some((table) => table.name === TRIPS_TABLE);
}
