/**
 * The per-iteration statistics MATSim rewrites in the output root: scorestats, modestats (and ph_/pkm_),
 * traveldistancestats and stopwatch, in both the `;` CSV form (MATSim ≥ 2024) and the tab-separated `.txt` form.
 * These files have one row per iteration, so they are read whole.
 */
import { MatsimFormatError } from '../errors.ts';
import type { Input, InputOptions } from '../io/input.ts';
import { parseMatsimNumber } from '../common/numbers.ts';
import { parseTime } from '../common/time.ts';
import { tableKindsOf, type TableKind } from './kinds.ts';
import { readTable } from './reader.ts';
import type { ModeStats, NumericTable, ScoreStats, Stopwatch, TravelDistanceStats } from './model.ts';

type CellParser = (cell: string) => number;

/** A Java double as MATSim prints it (`64.7`, `1.0E-4`, `NaN`, `INF`). */
const javaDouble: CellParser = parseMatsimNumber;
/** `HH:MM:SS` (stopwatch marks and durations) in seconds. */
const clockTime: CellParser = (cell) => parseTime(cell) ?? NaN;

async function readNumericTable(
  input: Input,
  accepted: readonly TableKind[],
  parseCell: (column: number) => CellParser,
  options: InputOptions = {},
): Promise<NumericTable> {
  const table = await readTable(input, undefined, options);
  const { columns } = table;
  if (!tableKindsOf(columns).some((kind) => accepted.includes(kind))) {
    await table.rows.return(undefined);
    throw new MatsimFormatError(
      'unexpected-root',
      `Not a ${accepted.join(' or ')} table: the header is "${columns.join(table.delimiter).slice(0, 200)}".`,
      1,
    );
  }
  const rows: (number | null)[][] = [];
  for await (const cells of table.rows) {
    if (cells.length > columns.length) {
      throw new MatsimFormatError('malformed-csv', `A row has ${cells.length} cells, the header ${columns.length}.`, table.line);
    }
    const row = columns.map((column, j) => {
      const cell = cells[j] ?? '';
      if (cell.trim() === '') return null;
      const value = parseCell(j)(cell);
      if (Number.isNaN(value) && cell.trim() !== 'NaN') {
        throw new MatsimFormatError('invalid-value', `"${cell}" in column "${column}" is not a number.`, table.line);
      }
      return value;
    });
    if (row[0] === null || !Number.isInteger(row[0])) {
      throw new MatsimFormatError('invalid-value', 'A row has no iteration number.', table.line);
    }
    rows.push(row);
  }
  return { columns, rows };
}

const iterationOf = (row: (number | null)[]) => row[0] as number;
const valueOf = (row: (number | null)[], index: number) => (index < 0 ? null : (row[index] ?? null));

/** scorestats.csv / scorestats.txt (also `scorestats_<subpopulation>.csv`). */
export async function readScoreStats(input: Input, options: InputOptions = {}): Promise<ScoreStats> {
  const table = await readNumericTable(input, ['scorestats'], () => javaDouble, options);
  const find = (...names: string[]) => table.columns.findIndex((c) => names.includes(c));
  const executed = find('avg_executed', 'avg. EXECUTED');
  const worst = find('avg_worst', 'avg. WORST');
  const average = find('avg_average', 'avg. AVG');
  const best = find('avg_best', 'avg. BEST');
  return {
    ...table,
    entries: table.rows.map((row) => ({
      iteration: iterationOf(row),
      executed: valueOf(row, executed),
      worst: valueOf(row, worst),
      average: valueOf(row, average),
      best: valueOf(row, best),
    })),
  };
}

/** modestats, ph_modestats, pkm_modestats (`.csv` or `.txt`) and modeChoiceCoverage. */
export async function readModeStats(input: Input, options: InputOptions = {}): Promise<ModeStats> {
  const table = await readNumericTable(
    input,
    ['modestats', 'ph_modestats', 'pkm_modestats', 'modeChoiceCoverage'],
    () => javaDouble,
    options,
  );
  const modes = table.columns.slice(1);
  return {
    ...table,
    modes,
    entries: table.rows.map((row) => ({
      iteration: iterationOf(row),
      values: Object.fromEntries(modes.map((mode, i) => [mode, valueOf(row, i + 1)])),
    })),
  };
}

/** traveldistancestats.csv / .txt: average leg and trip distance in metres per iteration. */
export async function readTravelDistanceStats(input: Input): Promise<TravelDistanceStats> {
  const table = await readNumericTable(input, ['traveldistancestats'], () => javaDouble);
  const leg = table.columns.indexOf('avg. Average Leg distance');
  const trip = table.columns.indexOf('avg. Average Trip distance');
  return {
    ...table,
    entries: table.rows.map((row) => ({
      iteration: iterationOf(row),
      averageLegDistance: valueOf(row, leg),
      averageTripDistance: valueOf(row, trip),
    })),
  };
}

/**
 * stopwatch.csv / .txt. The header lists the `BEGIN x`/`END x` marks, then one empty column, then the operation
 * names; marks are wall-clock times and operations durations, both `HH:MM:SS` and both returned in seconds.
 */
export async function readStopwatch(input: Input): Promise<Stopwatch> {
  const table = await readNumericTable(input, ['stopwatch'], (column) => (column === 0 ? javaDouble : clockTime));
  const separator = table.columns.indexOf('', 1);
  const isMark = (name: string, j: number) =>
    j > 0 && (separator < 0 ? /^(BEGIN|END) /.test(name) : j < separator);
  const isOperation = (name: string, j: number) =>
    j > 0 && name !== '' && (separator < 0 ? !/^(BEGIN|END) /.test(name) : j > separator);
  return {
    ...table,
    entries: table.rows.map((row) => {
      const timestamps: Record<string, number | null> = {};
      const durations: Record<string, number | null> = {};
      table.columns.forEach((name, j) => {
        if (isMark(name, j)) timestamps[name] = valueOf(row, j);
        else if (isOperation(name, j)) durations[name] = valueOf(row, j);
      });
      return { iteration: iterationOf(row), timestamps, durations };
    }),
  };
}
