/**
 * The DRT data of a file for the map editor (issue 29, contract `DrtData`), made in one read in the worker pool
 * (`workers/tasks.ts`): a dvrp fleet's vehicles, a stop file's stops (a transit schedule: its stop facilities only)
 * or a service area's polygons (a shapefile with its .dbf/.prj, or a GeoPackage: `@corridor/matsim` geodata).
 * Coordinates go to WGS 84 from the file's own CRS (a schedule's `coordinateReferenceSystem` attribute, a
 * shapefile's .prj, a GeoPackage's srs), else the CRS the caller passes (the scenario's), else they are taken as
 * longitude/latitude, with the plausibility check of the network's map form (`network-query/build.ts`). The answer
 * is the JSON text, gzip-compressed. The conversions are `shared/drt-files.ts` (the DRT save's way back too). No HTTP,
 * no database.
 */
import { gzipSync } from 'node:zlib';
import type { DrtData } from '@corridor/contract';
import { openInput, readDvrpFleet, readGeoPackage, readShapefile, readTransitSchedule, type Input } from '@corridor/matsim';
import { drtAreasOfGeoData, drtStopsOfSchedule, drtVehiclesOfFleet } from '../../shared/drt-files.ts';

/** What the file is read as: the kind of DRT data and, for service areas, the format (a shapefile with its parts). */
export type DrtSource = { kind: 'vehicles' } | { kind: 'stops' } | { kind: 'shapefile'; dbf?: Uint8Array; prj?: Uint8Array; cpg?: Uint8Array } | { kind: 'geopackage' };

export interface DrtDataArgs {
  maxBytes: number;
  source: DrtSource;
  /** The CRS for a file that names none (the scenario's: `service.ts`). */
  crs: string | null;
}

export interface BuiltDrtData {
  /** The answer's JSON, gzip. */
  gzip: Uint8Array;
  /** The CRS the file names itself (then the scenario's does not matter), or null. */
  fileCrs: string | null;
  items: number;
}

export async function buildDrtData(input: Input, args: DrtDataArgs): Promise<BuiltDrtData> {
  const { data, fileCrs, items } = await read(input, args);
  const gzip = gzipSync(JSON.stringify(data), { level: 6 });
  return { gzip: new Uint8Array(gzip.buffer, gzip.byteOffset, gzip.byteLength), fileCrs, items };
}

async function read(input: Input, args: DrtDataArgs): Promise<{ data: DrtData; fileCrs: string | null; items: number }> {
  const { source } = args;
  if (source.kind === 'vehicles') {
    const vehicles = drtVehiclesOfFleet(await readDvrpFleet(input, { maxBytes: args.maxBytes }));
    return { data: { kind: 'vehicles', vehicles }, fileCrs: null, items: vehicles.length };
  }
  if (source.kind === 'stops') {
    const { items, fileCrs, crs, problem } = drtStopsOfSchedule(await readTransitSchedule(input, { maxBytes: args.maxBytes }), args.crs);
    return { data: { kind: 'stops', crs, ...(problem ? { problem } : {}), stops: items }, fileCrs, items: items.length };
  }
  const bytes = await allBytes(input, args.maxBytes);
  const { dbf, prj, cpg } = source.kind === 'shapefile' ? source : {};
  const geo = source.kind === 'shapefile' ? await readShapefile({ shp: bytes, dbf, prj, cpg }) : await readGeoPackage(bytes);
  const { items, fileCrs, crs, problem } = drtAreasOfGeoData(geo, args.crs);
  return { data: { kind: 'serviceArea', crs, ...(problem ? { problem } : {}), areas: items }, fileCrs, items: items.length };
}

/** The whole (decompressed) content, at most `maxBytes`. */
async function allBytes(input: Input, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of openInput(input, { maxBytes })) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
}
