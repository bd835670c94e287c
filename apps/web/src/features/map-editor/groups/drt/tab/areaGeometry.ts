/**
 * Service-area geometry for the DRT tab's map handler (spec 2 §2 "Service Area card", §5): which area a click is in
 * (Delete Area), which corner the pointer grabs and which edge it is on (Edit Area), in screen pixels scaled by the
 * zoom like the lasso. Positions are numbered along the outer ring, the closing corner left out (the ring that
 * drt/addServiceAreaPosition inserts into before `index` and drt/moveServiceAreaPosition moves, packages/changesets).
 */
import type { AreaGeometry, DrtServiceArea } from '@corridor/contract';
import { degreeDistance, nearestOnSegment, pointInPolygon } from '../../../canvas/handlers/geometry.ts';
import type { LngLat } from '../../../state/types.ts';

/** A corner or an edge is grabbed within this many screen pixels (spec 2 §9: the map's picking radius). */
export const GRAB_PX = 10;

/** The rings of a Polygon or of every polygon of a MultiPolygon, outer rings first in each. */
function polygonsOf(geometry: AreaGeometry): readonly (readonly (readonly LngLat[])[])[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/**
 * The corners that Edit Area moves: the outer ring without its closing repeat, of a Polygon or a MultiPolygon of one
 * polygon (an area of several polygons is not edited: packages/changesets refuses it).
 */
export function editableCorners(geometry: AreaGeometry): readonly LngLat[] {
  const polygons = polygonsOf(geometry);
  if (polygons.length !== 1) return [];
  const ring = polygons[0]![0] ?? [];
  const first = ring[0];
  const last = ring.at(-1);
  const closed = ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed ? ring.slice(0, -1) : ring;
}

/** Whether the point lies in the area: inside an outer ring and not in one of its holes. */
export function areaContains(geometry: AreaGeometry, point: LngLat): boolean {
  return polygonsOf(geometry).some(([outer, ...holes]) => outer !== undefined && pointInPolygon(point, outer) && !holes.some((hole) => pointInPolygon(point, hole)));
}

/** The area a click at `point` falls in (the last drawn on top wins), if any. */
export function areaAt(areas: readonly DrtServiceArea[], point: LngLat): DrtServiceArea | undefined {
  for (let i = areas.length - 1; i >= 0; i--) if (areaContains(areas[i]!.geometry, point)) return areas[i];
  return undefined;
}

export interface CornerHit {
  readonly areaId: DrtServiceArea['id'];
  readonly index: number;
}

/** The corner nearest the pointer within GRAB_PX, over all areas. */
export function cornerAt(areas: readonly DrtServiceArea[], point: LngLat, degreesPerPixel: number): CornerHit | undefined {
  const limit = GRAB_PX * degreesPerPixel;
  let best: CornerHit | undefined;
  let bestDistance = Infinity;
  for (const area of areas) {
    editableCorners(area.geometry).forEach((corner, index) => {
      const distance = degreeDistance(corner, point);
      if (distance <= limit && distance < bestDistance) {
        best = { areaId: area.id, index };
        bestDistance = distance;
      }
    });
  }
  return best;
}

export interface EdgeHit {
  readonly areaId: DrtServiceArea['id'];
  /** Where the new corner goes: after corner `index - 1`, so it takes position `index`. */
  readonly index: number;
  readonly position: LngLat;
}

/** The edge of an editable ring nearest the pointer within GRAB_PX, with the point on it where a corner is added. */
export function edgeAt(areas: readonly DrtServiceArea[], point: LngLat, degreesPerPixel: number): EdgeHit | undefined {
  const limit = GRAB_PX * degreesPerPixel;
  let best: EdgeHit | undefined;
  let bestDistance = Infinity;
  for (const area of areas) {
    const corners = editableCorners(area.geometry);
    for (let i = 0; i < corners.length; i++) {
      const a = corners[i]!;
      const b = corners[(i + 1) % corners.length]!;
      const on = nearestOnSegment(a, b, point);
      const distance = degreeDistance(on, point);
      if (distance <= limit && distance < bestDistance) {
        best = { areaId: area.id, index: i + 1, position: on };
        bestDistance = distance;
      }
    }
  }
  return best;
}
