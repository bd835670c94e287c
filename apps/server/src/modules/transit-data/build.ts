/**
 * The transit data of a transit schedule for the map editor (issue 28, contract `TransitData`), made in one read
 * in the worker pool (`workers/tasks.ts`): the schedule read with `@corridor/matsim`, its stops, lines and routes
 * as the editor's entities (`shared/transit-graph.ts`), coordinates to WGS 84 from the schedule's own
 * `coordinateReferenceSystem` attribute, else the CRS the caller passes (the scenario network's), else taken as
 * longitude/latitude, with the plausibility check of the network's map form (`network-query/build.ts`). The answer is the JSON text
 * gzip-compressed, written line by line so no single string holds the whole answer. No HTTP, no database.
 */
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { TransitLine, TransitRoute } from '@corridor/contract';
import { isOnEarth, lngLat } from '@corridor/geo';
import { readTransitSchedule, type Input, type TransitSchedule } from '@corridor/matsim';
import { transitEntities } from '../../shared/transit-graph.ts';
import { crsProblem, wgs84Of } from '../network-query/build.ts';

/** The schedule attribute naming its CRS (as networks and populations name theirs). */
export const SCHEDULE_CRS_ATTRIBUTE = 'coordinateReferenceSystem';

export interface TransitDataArgs {
  maxBytes: number;
  /** The CRS for a schedule that names none (its scenario network's, else the scenario's: `service.ts`). */
  crs: string | null;
}

export interface BuiltTransitData {
  /** The answer's JSON, gzip. */
  gzip: Uint8Array;
  /** The CRS the schedule names itself (then the scenario's does not matter), or null. */
  fileCrs: string | null;
  stops: number;
  lines: number;
}

/** The schedule's own CRS attribute, trimmed; undefined without one. */
export function scheduleCrs(schedule: TransitSchedule): string | undefined {
  return schedule.attributes?.get(SCHEDULE_CRS_ATTRIBUTE)?.text.trim() || undefined;
}

export async function buildTransitData(input: Input, args: TransitDataArgs): Promise<BuiltTransitData> {
  const schedule = await readTransitSchedule(input, { maxBytes: args.maxBytes });
  const fileCrs = scheduleCrs(schedule) ?? null;
  const crs = fileCrs ?? args.crs;
  const transform = wgs84Of(crs);
  const { toWgs84 } = transform;
  let { problem } = transform;
  const { stops, lines, routes } = transitEntities(schedule, toWgs84);
  schedule.stops.clear();
  schedule.lines.clear();
  if (!problem && stops.some((stop) => !isOnEarth(lngLat(stop.coordinates[0], stop.coordinates[1])))) problem = crsProblem(crs ? 'outside' : 'no-crs', crs);

  const routesOfLine = new Map<string, Record<string, TransitRoute>>(lines.map((line) => [line.id, {}]));
  for (const { route } of routes) routesOfLine.get(route.transitLineId)![route.id] = route;

  const head = { crs: crs ?? null, ...(problem ? { problem } : {}) };
  const gzip = await gzipParts(function* () {
    yield `${JSON.stringify(head).slice(0, -1)},"stops":[`;
    for (let i = 0; i < stops.length; i += PART) yield (i > 0 ? ',' : '') + JSON.stringify(stops.slice(i, i + PART)).slice(1, -1);
    yield '],"transitLines":[';
    for (let i = 0; i < lines.length; i++) {
      const { id, name } = lines[i]!;
      const line: TransitLine = { id, ...(name !== undefined ? { name } : {}), transitRoutes: routesOfLine.get(id)! };
      yield (i > 0 ? ',' : '') + JSON.stringify(line);
    }
    yield ']}';
  });
  return { gzip, fileCrs, stops: stops.length, lines: lines.length };
}

/** Stops stringified at a time. */
const PART = 2000;

/** The parts as one gzip stream's bytes (written as they come, waiting when the compressor is behind). */
async function gzipParts(parts: () => Generator<string>): Promise<Uint8Array> {
  const gz = createGzip({ level: 6 });
  const out: Buffer[] = [];
  gz.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(gz, 'end');
  for (const part of parts()) {
    if (!gz.write(part)) await once(gz, 'drain');
  }
  gz.end();
  await ended;
  const all = Buffer.concat(out);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}
