/**
 * Spec 2 §5 rules for DRT items, shared by the kinds (what a modification may carry) and the web's forms (what to
 * refuse before sending): capacity at least 1, operating hours in order, a start link; a service area's rings closed.
 */
import type { AreaGeometry, DrtServiceArea, DrtVehicle } from '@corridor/contract';
import { refusal, type Refusal } from '../refusal.ts';
import { areaKey } from './entities.ts';

const INT32_MAX = 2_147_483_647;

/** A capacity text MATSim reads as a whole number of seats, at least 1 ("4"; not "0", "1.5", " 4", "four"). */
export function isValidDrtCapacity(capacity: string): boolean {
  return /^\d+$/.test(capacity) && Number(capacity) >= 1 && Number(capacity) <= INT32_MAX;
}

/** Why the vehicle's own fields cannot be kept (spec 2 §5), naming it; undefined when they can. */
export function vehicleRefusal(vehicle: DrtVehicle): Refusal | undefined {
  if (!vehicle.startLinkId) return refusal('drtVehicleNoLink', { id: vehicle.id });
  if (!isValidDrtCapacity(vehicle.capacity)) return refusal('drtVehicleCapacity', { id: vehicle.id, capacity: vehicle.capacity });
  if (!(vehicle.t0 <= vehicle.t1)) return refusal('drtVehicleTimes', { id: vehicle.id, t0: vehicle.t0, t1: vehicle.t1 });
  return undefined;
}

type Position = readonly [number, number];
type Ring = readonly Position[];

/** The polygons of an area geometry (a Polygon is one), each as its rings, outer ring first. */
export const polygonsOf = (geometry: AreaGeometry): readonly (readonly Ring[])[] => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates);

const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** A GeoJSON linear ring: at least four positions, the last equal to the first. */
export const isClosedRing = (ring: Ring): boolean => ring.length >= 4 && samePosition(ring[0]!, ring[ring.length - 1]!);

/** Why the area cannot be kept as it is (a ring left open), naming it; undefined when it can. */
export function areaRefusal(area: DrtServiceArea): Refusal | undefined {
  const rings = polygonsOf(area.geometry).flat();
  if (rings.length === 0 || !rings.every(isClosedRing)) return refusal('drtAreaNotClosed', { id: areaKey(area.id) });
  return undefined;
}

/**
 * The outer ring that positions are added to and moved on: a Polygon's, or the one polygon of a MultiPolygon of one
 * polygon (shapefiles and GeoPackages often store a single polygon so). A MultiPolygon of several is refused.
 */
export function editableRing(area: DrtServiceArea): { ring: Ring } | { refusal: Refusal } {
  const polygons = polygonsOf(area.geometry);
  if (polygons.length !== 1) return { refusal: refusal('drtAreaPolygons', { id: areaKey(area.id), count: polygons.length }) };
  const ring = polygons[0]![0];
  if (!ring || !isClosedRing(ring)) return { refusal: refusal('drtAreaNotClosed', { id: areaKey(area.id) }) };
  return { ring };
}

/** The area with its outer ring replaced (the geometry type kept). */
export function withOuterRing(area: DrtServiceArea, ring: [number, number][]): DrtServiceArea {
  const geometry: AreaGeometry =
    area.geometry.type === 'Polygon'
      ? { type: 'Polygon', coordinates: [ring, ...area.geometry.coordinates.slice(1)] }
      : { type: 'MultiPolygon', coordinates: [[ring, ...area.geometry.coordinates[0]!.slice(1)]] };
  return { ...area, geometry };
}

/** How many distinct vertices the closed ring has (its closing position not counted). */
export const vertexCount = (ring: Ring): number => ring.length - 1;
