/**
 * DRT files ↔ the editor's DRT entities (issue 29), in one place for the editor's loading (`modules/drt-data`) and
 * the DRT save (`modules/drt-save`): a dvrp fleet's vehicles, a stop file's stops (a transit schedule: its stop
 * facilities only) and a service area's polygons (`@corridor/matsim` geodata), with coordinates in WGS 84 [lng, lat]
 * from the file's own CRS, else the fallback (the scenario's), else taken as longitude/latitude.
 *
 * The way back writes each item in the file's CRS; an item the changeset did not change keeps what the file held
 * (exact x/y, a stop's z, stop area and attributes, a vehicle's capacity as written), so a save changes only what
 * the user changed.
 */
import type { DrtServiceArea, DrtStop, DrtVehicle, NetworkCrsProblem } from '@corridor/contract';
import { isOnEarth, lngLat, transformer, UnknownCrsError, xy, type LngLat } from '@corridor/geo';
import type { AreaGeometryData, DvrpFleet, DvrpVehicle, GeoData, GeoFeature, Position, StopFacility, TransitSchedule } from '@corridor/matsim';
import { crsProblem, wgs84Of } from '../modules/network-query/build.ts';

/** The schedule attribute MATSim writes a schedule's CRS into. */
export const SCHEDULE_CRS_ATTRIBUTE = 'coordinateReferenceSystem';

/** The CRS a schedule names itself, if any. */
export function scheduleCrsOf(schedule: TransitSchedule): string | null {
  return schedule.attributes?.get(SCHEDULE_CRS_ATTRIBUTE)?.text.trim() || null;
}

/** Items in WGS 84 with the CRS they were read in. */
export interface Located<T> {
  items: T[];
  /** The CRS the file names itself, or null. */
  fileCrs: string | null;
  /** The CRS the coordinates were read in: the file's, else the fallback; null: taken as degrees. */
  crs: string | null;
  /** Set when the coordinates cannot be shown on a map (unknown CRS, coordinates off Earth). */
  problem?: NetworkCrsProblem;
}

export function drtVehiclesOfFleet(fleet: DvrpFleet): DrtVehicle[] {
  const vehicles: DrtVehicle[] = [];
  for (const v of fleet.vehicles.values()) vehicles.push(drtVehicleOf(v));
  return vehicles;
}

function drtVehicleOf(v: DvrpVehicle): DrtVehicle {
  return { id: v.id, startLinkId: v.startLink, capacity: String(v.capacity ?? 1), t0: v.t0, t1: v.t1 };
}

export function drtStopsOfSchedule(schedule: TransitSchedule, fallbackCrs: string | null): Located<DrtStop> {
  const fileCrs = scheduleCrsOf(schedule);
  const crs = fileCrs ?? fallbackCrs;
  const { toWgs84, problem } = wgs84Of(crs);
  const items: DrtStop[] = [];
  for (const stop of schedule.stops.values()) items.push(drtStopOf(stop, toWgs84));
  const offEarth = !problem && items.some((stop) => !isOnEarth(lngLat(stop.coordinates[0], stop.coordinates[1])));
  return located(items, fileCrs, crs, problem, offEarth);
}

function drtStopOf(stop: StopFacility, toWgs84: (point: ReturnType<typeof xy>) => LngLat): DrtStop {
  const [lng, lat] = toWgs84(xy(stop.x, stop.y));
  return {
    id: stop.id,
    // A stop without a name is shown by its id (decisions: "Issue 29 — DRT loading and generation").
    name: stop.name?.trim() ? stop.name : stop.id,
    coordinates: [lng, lat],
    ...(stop.linkRefId !== undefined ? { linkId: stop.linkRefId } : {}),
    isBlocking: stop.isBlocking ?? false,
  };
}

export function drtAreasOfGeoData(geo: GeoData, fallbackCrs: string | null): Located<DrtServiceArea> {
  const fileCrs = geo.crs?.trim() || null;
  const crs = fileCrs ?? fallbackCrs;
  const { toWgs84, problem } = wgs84Of(crs);
  let offEarth = false;
  const point = ([x, y]: Position): [number, number] => {
    const p = toWgs84(xy(x, y));
    if (!isOnEarth(p)) offEarth = true;
    return [p[0], p[1]];
  };
  const items: DrtServiceArea[] = geo.features.map((feature, i) => ({
    type: 'Feature',
    // Features without an id get their 1-based position, as a shapefile's record number.
    id: feature.id ?? i + 1,
    geometry: mapGeometry(feature.geometry, point),
    properties: feature.properties,
  }));
  return located(items, fileCrs, crs, problem, offEarth);
}

function located<T>(items: T[], fileCrs: string | null, crs: string | null, problem: NetworkCrsProblem | undefined, offEarth: boolean): Located<T> {
  const seen = problem ?? (offEarth ? crsProblem(crs ? 'outside' : 'no-crs', crs) : undefined);
  return { items, fileCrs, crs, ...(seen ? { problem: seen } : {}) };
}

function mapGeometry<G extends { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown }>(geometry: G, point: (p: Position) => Position): AreaGeometryData {
  const ring = (positions: Position[]) => positions.map(point);
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: (geometry.coordinates as Position[][]).map(ring) }
    : { type: 'MultiPolygon', coordinates: (geometry.coordinates as Position[][][]).map((polygon) => polygon.map(ring)) };
}

/** WGS 84 → the CRS (identity when there is none, or when the catalogue does not know it: it was read as degrees). */
function fromWgs84(crs: string | null): (point: Position) => Position {
  if (!crs) return (point) => [point[0], point[1]];
  try {
    const to = transformer('EPSG:4326', crs);
    return (point) => {
      const [x, y] = to(xy(point[0], point[1]));
      return [x, y];
    };
  } catch (err) {
    if (!(err instanceof UnknownCrsError)) throw err;
    return (point) => [point[0], point[1]];
  }
}

/** The fleet to write: vehicles the changeset left as the file had them keep the file's form. */
export function fleetOfDrtVehicles(vehicles: readonly DrtVehicle[], base?: DvrpFleet): DvrpFleet {
  const fleet: DvrpFleet = { vehicles: new Map() };
  for (const vehicle of vehicles) {
    const original = base?.vehicles.get(vehicle.id);
    const same = original && sameJson(drtVehicleOf(original), vehicle);
    fleet.vehicles.set(vehicle.id, same ? original : { id: vehicle.id, startLink: vehicle.startLinkId, t0: vehicle.t0, t1: vehicle.t1, capacity: Number(vehicle.capacity) });
  }
  return fleet;
}

/**
 * A transit schedule holding only the stops (what MATSim's DRT reads as `transitStopFile`), in `crs`. The base
 * schedule's attributes (its CRS among them) are kept; its lines and transfer times are not written.
 */
export function scheduleOfDrtStops(stops: readonly DrtStop[], crs: string | null, base?: TransitSchedule): TransitSchedule {
  const toCrs = fromWgs84(crs);
  const toWgs84 = wgs84Of(crs).toWgs84;
  const schedule: TransitSchedule = { ...(base?.attributes ? { attributes: base.attributes } : {}), stops: new Map(), minimalTransferTimes: [], lines: new Map() };
  for (const stop of stops) {
    const original = base?.stops.get(stop.id);
    if (original && sameJson(drtStopOf(original, toWgs84), stop)) {
      schedule.stops.set(stop.id, original);
      continue;
    }
    const [x, y] = toCrs(stop.coordinates);
    schedule.stops.set(stop.id, {
      ...(original ?? {}),
      id: stop.id,
      x,
      y,
      name: stop.name,
      isBlocking: stop.isBlocking,
      ...(stop.linkId !== undefined ? { linkRefId: stop.linkId } : { linkRefId: undefined }),
    });
  }
  return schedule;
}

/** The service area's features in `crs`; an area the changeset did not change keeps the file's coordinates. */
export function geoFeaturesOfDrtAreas(areas: readonly DrtServiceArea[], crs: string | null, base?: GeoData): GeoFeature[] {
  const toCrs = fromWgs84(crs);
  const toWgs84 = wgs84Of(crs).toWgs84;
  const originals = new Map<string, GeoFeature>();
  base?.features.forEach((feature, i) => originals.set(String(feature.id ?? i + 1), feature));
  return areas.map((area) => {
    const original = originals.get(String(area.id));
    const asRead = original && mapGeometry(original.geometry, ([x, y]) => {
      const p = toWgs84(xy(x, y));
      return [p[0], p[1]];
    });
    const geometry = original && sameJson(asRead, area.geometry) ? original.geometry : mapGeometry(area.geometry, toCrs);
    return { type: 'Feature', id: area.id, geometry, properties: area.properties };
  });
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A shapefile's side files the service area reads: attributes, CRS and code page. */
export type ShapefileSideParts<F> = { dbf?: F; prj?: F; cpg?: F };

/** A file name without its extension (and a compression extension), lower case. */
const baseName = (name: string) => name.toLowerCase().replace(/\.(gz|zst)$/, '').replace(/\.[^.]*$/, '');

/**
 * The .dbf, .prj and .cpg of a .shp among `files`: those of the same base name (case aside), by their sniffed part or
 * their extension.
 */
export function shapefileSideParts<F extends { id: number; name: string; attributes: Record<string, unknown> }>(shp: F, files: readonly F[]): ShapefileSideParts<F> {
  const base = baseName(shp.name);
  const part = (ext: 'dbf' | 'prj' | 'cpg') =>
    files.find((f) => f.id !== shp.id && baseName(f.name) === base && (f.attributes.shapefilePart === ext || f.name.toLowerCase().endsWith(`.${ext}`)));
  const [dbf, prj, cpg] = [part('dbf'), part('prj'), part('cpg')];
  return { ...(dbf ? { dbf } : {}), ...(prj ? { prj } : {}), ...(cpg ? { cpg } : {}) };
}
