/**
 * The DRT data of a file for the map editor (issue 29, contract `DrtData`), made in one read in the worker pool
 * (`workers/tasks.ts`): a dvrp fleet's vehicles, a stop file's stops (a transit schedule: its stop facilities only)
 * or a service area's polygons (a shapefile with its .dbf/.prj, or a GeoPackage: `@corridor/matsim` geodata).
 * Coordinates go to WGS 84 from the file's own CRS (a schedule's `coordinateReferenceSystem` attribute, a
 * shapefile's .prj, a GeoPackage's srs), else the CRS the caller passes (the scenario's), else they are taken as
 * longitude/latitude, with the plausibility check of the network's map form (`network-query/build.ts`). The answer
 * is the JSON text, gzip-compressed. No HTTP, no database.
 */
import { gzipSync } from 'node:zlib';
import type { DrtData, DrtServiceArea, DrtStop, DrtVehicle } from '@corridor/contract';
import { isOnEarth, lngLat, xy, type LngLat } from '@corridor/geo';
import { openInput, readDvrpFleet, readGeoPackage, readShapefile, readTransitSchedule, type AreaGeometryData, type GeoData, type Input } from '@corridor/matsim';
import { crsProblem, wgs84Of } from '../network-query/build.ts';
import { scheduleCrs } from '../transit-data/build.ts';

/** What the file is read as: the kind of DRT data and, for service areas, the format. */
export type DrtSource = { kind: 'vehicles' } | { kind: 'stops' } | { kind: 'shapefile'; dbf?: Uint8Array; prj?: Uint8Array } | { kind: 'geopackage' };

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
  const json = JSON.stringify(data);
  const gzip = gzipSync(json, { level: 6 });
  return { gzip: new Uint8Array(gzip.buffer, gzip.byteOffset, gzip.byteLength), fileCrs, items };
}

async function read(input: Input, args: DrtDataArgs): Promise<{ data: DrtData; fileCrs: string | null; items: number }> {
  const { source } = args;
  if (source.kind === 'vehicles') {
    const fleet = await readDvrpFleet(input, { maxBytes: args.maxBytes });
    const vehicles: DrtVehicle[] = [];
    for (const v of fleet.vehicles.values()) {
      vehicles.push({ id: v.id, startLinkId: v.startLink, capacity: String(v.capacity ?? 1), t0: v.t0, t1: v.t1 });
    }
    return { data: { kind: 'vehicles', vehicles }, fileCrs: null, items: vehicles.length };
  }
  if (source.kind === 'stops') {
    const schedule = await readTransitSchedule(input, { maxBytes: args.maxBytes });
    const fileCrs = scheduleCrs(schedule) ?? null;
    const crs = fileCrs ?? args.crs;
    const { toWgs84, problem } = wgs84Of(crs);
    const stops: DrtStop[] = [];
    for (const stop of schedule.stops.values()) {
      const [lng, lat] = toWgs84(xy(stop.x, stop.y));
      stops.push({
        id: stop.id,
        // A stop without a name is shown by its id (decisions: "Issue 29 — DRT loading and generation").
        name: stop.name?.trim() ? stop.name : stop.id,
        coordinates: [lng, lat],
        ...(stop.linkRefId !== undefined ? { linkId: stop.linkRefId } : {}),
        isBlocking: stop.isBlocking ?? false,
      });
    }
    const offEarth = !problem && stops.some((stop) => !isOnEarth(lngLat(stop.coordinates[0], stop.coordinates[1])));
    const seen = problem ?? (offEarth ? crsProblem(crs ? 'outside' : 'no-crs', crs ?? null) : undefined);
    return { data: { kind: 'stops', crs: crs ?? null, ...(seen ? { problem: seen } : {}), stops }, fileCrs, items: stops.length };
  }
  const geo = source.kind === 'shapefile' ? await readShapefile({ shp: await allBytes(input, args.maxBytes), dbf: source.dbf, prj: source.prj }) : await readGeoPackage(await allBytes(input, args.maxBytes));
  return serviceAreas(geo, args.crs);
}

function serviceAreas(geo: GeoData, fallback: string | null): { data: DrtData; fileCrs: string | null; items: number } {
  const fileCrs = geo.crs?.trim() || null;
  const crs = fileCrs ?? fallback;
  const { toWgs84, problem } = wgs84Of(crs);
  let offEarth = false;
  const point = ([x, y]: [number, number]): [number, number] => {
    const p: LngLat = toWgs84(xy(x, y));
    if (!isOnEarth(p)) offEarth = true;
    return [p[0], p[1]];
  };
  const ring = (positions: [number, number][]) => positions.map(point);
  const geometry = (g: AreaGeometryData): DrtServiceArea['geometry'] =>
    g.type === 'Polygon' ? { type: 'Polygon', coordinates: g.coordinates.map(ring) } : { type: 'MultiPolygon', coordinates: g.coordinates.map((polygon) => polygon.map(ring)) };
  const areas: DrtServiceArea[] = geo.features.map((feature, i) => ({
    type: 'Feature',
    // Features without an id get their 1-based position, as a shapefile's record number.
    id: feature.id ?? i + 1,
    geometry: geometry(feature.geometry),
    properties: feature.properties,
  }));
  const seen = problem ?? (offEarth ? crsProblem(crs ? 'outside' : 'no-crs', crs ?? null) : undefined);
  return { data: { kind: 'serviceArea', crs: crs ?? null, ...(seen ? { problem: seen } : {}), areas }, fileCrs, items: areas.length };
}

/** The whole (decompressed) content, at most `maxBytes`. */
async function allBytes(input: Input, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of openInput(input, { maxBytes })) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
}
