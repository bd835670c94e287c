/** Typed views of MATSim's output tables. Times are seconds; empty cells are null (statistics) or undefined (records). */

/** A small statistics table with every cell parsed; `rows[i][j]` belongs to `columns[j]`. */
export interface NumericTable {
  columns: string[];
  rows: (number | null)[][];
}

/** scorestats, with the `.csv` (`avg_executed`) and `.txt` (`avg. EXECUTED`) headers mapped to one shape. */
export interface ScoreStats extends NumericTable {
  entries: ScoreStatsEntry[];
}

export interface ScoreStatsEntry {
  iteration: number;
  /** Mean score of the selected plans. */
  executed: number | null;
  /** Mean over persons of their worst plan score. */
  worst: number | null;
  /** Mean over persons of their mean plan score. */
  average: number | null;
  /** Mean over persons of their best plan score. */
  best: number | null;
}

/**
 * modestats (trip shares), pkm_modestats (passenger-km), ph_modestats (passenger hours, columns `<mode>_travel` and
 * `<mode>_wait`) and modeChoiceCoverage: one value per iteration and column.
 */
export interface ModeStats extends NumericTable {
  /** The value columns (everything after the iteration column). */
  modes: string[];
  entries: { iteration: number; values: Record<string, number | null> }[];
}

export interface TravelDistanceStats extends NumericTable {
  entries: { iteration: number; averageLegDistance: number | null; averageTripDistance: number | null }[];
}

/**
 * stopwatch: per iteration the wall-clock time of each `BEGIN x`/`END x` mark (seconds since midnight) and the
 * duration of each operation (seconds). In `rows` both are seconds, the empty separator column is null.
 */
export interface Stopwatch extends NumericTable {
  entries: StopwatchEntry[];
}

export interface StopwatchEntry {
  iteration: number;
  timestamps: Record<string, number | null>;
  durations: Record<string, number | null>;
}

/** One row of `output_trips.csv` / `N.trips.csv`. Older files lack the pt stop columns and leave main_mode empty. */
export interface TripRecord {
  person: string;
  tripNumber: number;
  tripId: string;
  depTime: number;
  travTime: number;
  waitTime?: number;
  /** Metres, the rounded sum of the legs' route distances. */
  traveledDistance?: number;
  euclideanDistance?: number;
  mainMode?: string;
  longestDistanceMode?: string;
  /** The leg modes in order (`walk-car-walk` → `['walk', 'car', 'walk']`). */
  modes: string[];
  startActivityType?: string;
  endActivityType?: string;
  /** Undefined where MATSim writes `null`. */
  startFacilityId?: string;
  startLink?: string;
  startX?: number;
  startY?: number;
  endFacilityId?: string;
  endLink?: string;
  endX?: number;
  endY?: number;
  firstPtBoardingStop?: string;
  lastPtEgressStop?: string;
}

/** One row of `output_legs.csv` / `N.legs.csv`. `networkMode` exists only in recent files. */
export interface LegRecord {
  person: string;
  tripId: string;
  depTime: number;
  travTime: number;
  waitTime?: number;
  distance?: number;
  mode: string;
  networkMode?: string;
  startLink?: string;
  startX?: number;
  startY?: number;
  endLink?: string;
  endX?: number;
  endY?: number;
  accessStopId?: string;
  egressStopId?: string;
  transitLine?: string;
  transitRoute?: string;
  vehicleId?: string;
}
