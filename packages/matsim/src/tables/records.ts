/**
 * Typed, streaming readers for the trips and legs exports (`an/TripsAndLegsWriter.java`). Columns are looked up by
 * name, so files from different MATSim versions (with or without `network_mode`, the pt stop columns, …) all read.
 */
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { parseMatsimNumber } from '../common/numbers.ts';
import { parseTime } from '../common/time.ts';
import type { TableKind } from './kinds.ts';
import { readTable } from './reader.ts';
import type { LegRecord, TripRecord } from './model.ts';

/** Reads the cells of one row by column name, with the row's line for error messages. */
class Row {
  constructor(
    private readonly index: ReadonlyMap<string, number>,
    private readonly cells: readonly string[],
    private readonly line: number,
  ) {}

  text(column: string): string | undefined {
    const at = this.index.get(column);
    const cell = at === undefined ? undefined : this.cells[at];
    return cell === undefined || cell === '' ? undefined : cell;
  }

  /** A cell where MATSim writes the literal `null` for "none". */
  id(column: string): string | undefined {
    const cell = this.text(column);
    return cell === 'null' ? undefined : cell;
  }

  required(column: string): string {
    const cell = this.text(column);
    if (cell === undefined) throw new MatsimFormatError('invalid-value', `The "${column}" cell is empty.`, this.line);
    return cell;
  }

  number(column: string): number | undefined {
    const cell = this.text(column);
    if (cell === undefined) return undefined;
    return this.check(column, cell, parseMatsimNumber(cell));
  }

  time(column: string): number | undefined {
    const cell = this.text(column);
    if (cell === undefined) return undefined;
    return this.check(column, cell, parseTime(cell) ?? NaN);
  }

  requiredNumber(column: string): number {
    return this.check(column, this.required(column), this.number(column) ?? NaN);
  }

  requiredTime(column: string): number {
    return this.check(column, this.required(column), this.time(column) ?? NaN);
  }

  private check(column: string, cell: string, value: number): number {
    if (Number.isNaN(value)) throw new MatsimFormatError('invalid-value', `"${cell}" in column "${column}" is not a number.`, this.line);
    return value;
  }
}

async function* rowsOf(input: Input, kind: TableKind): AsyncGenerator<Row> {
  const table = await readTable(input, kind);
  const index = new Map(table.columns.map((name, i) => [name, i] as const));
  for await (const cells of table.rows) yield new Row(index, cells, table.line);
}

/** Drops the keys whose value is undefined, so a record holds only what the file has. */
function defined<T extends object>(record: T): T {
  for (const key of Object.keys(record) as (keyof T)[]) if (record[key] === undefined) delete record[key];
  return record;
}

/** The rows of a trips CSV, one typed record at a time. */
export async function* readTrips(input: Input): AsyncGenerator<TripRecord> {
  for await (const row of rowsOf(input, 'trips')) {
    yield defined<TripRecord>({
      person: row.required('person'),
      tripNumber: row.requiredNumber('trip_number'),
      tripId: row.required('trip_id'),
      depTime: row.requiredTime('dep_time'),
      travTime: row.requiredTime('trav_time'),
      waitTime: row.time('wait_time'),
      traveledDistance: row.number('traveled_distance'),
      euclideanDistance: row.number('euclidean_distance'),
      mainMode: row.text('main_mode'),
      longestDistanceMode: row.text('longest_distance_mode'),
      modes: row.text('modes')?.split('-') ?? [],
      startActivityType: row.text('start_activity_type'),
      endActivityType: row.text('end_activity_type'),
      startFacilityId: row.id('start_facility_id'),
      startLink: row.text('start_link'),
      startX: row.number('start_x'),
      startY: row.number('start_y'),
      endFacilityId: row.id('end_facility_id'),
      endLink: row.text('end_link'),
      endX: row.number('end_x'),
      endY: row.number('end_y'),
      firstPtBoardingStop: row.text('first_pt_boarding_stop'),
      lastPtEgressStop: row.text('last_pt_egress_stop'),
    });
  }
}

/** The rows of a legs CSV, one typed record at a time. */
export async function* readLegs(input: Input): AsyncGenerator<LegRecord> {
  for await (const row of rowsOf(input, 'legs')) {
    yield defined<LegRecord>({
      person: row.required('person'),
      tripId: row.required('trip_id'),
      depTime: row.requiredTime('dep_time'),
      travTime: row.requiredTime('trav_time'),
      waitTime: row.time('wait_time'),
      distance: row.number('distance'),
      mode: row.required('mode'),
      networkMode: row.text('network_mode'),
      startLink: row.text('start_link'),
      startX: row.number('start_x'),
      startY: row.number('start_y'),
      endLink: row.text('end_link'),
      endX: row.number('end_x'),
      endY: row.number('end_y'),
      accessStopId: row.text('access_stop_id'),
      egressStopId: row.text('egress_stop_id'),
      transitLine: row.text('transit_line'),
      transitRoute: row.text('transit_route'),
      vehicleId: row.text('vehicle_id'),
    });
  }
}
