/**
 * Planar geometry in lng/lat for the handlers: enough at editing scale (a lasso, one link). Longitude differences
 * are scaled by cos(latitude) so that a distance is the same number of screen pixels in every direction on a Web
 * Mercator map; `degreesPerPixel` is the latitude degrees one screen pixel spans at the pointer.
 */
import { linksOfNode, NODE, POLYGON_CLOSE_PIXELS, type GraphReader } from '@corridor/changesets';
import type { NetworkNode } from '@corridor/contract';
import type { LngLat } from '../../state/types.ts';

/** Lasso and polygon drawing close within this many screen pixels of the first point (spec 2 §5; one constant in @corridor/changesets). */
export const CLOSE_RING_PX = POLYGON_CLOSE_PIXELS;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Distance in latitude degrees (longitude scaled to the same ground length). */
export function degreeDistance(a: LngLat, b: LngLat): number {
  const scale = Math.cos(rad((a[1] + b[1]) / 2));
  return Math.hypot((a[0] - b[0]) * scale, a[1] - b[1]);
}

/** A click this close to the first corner closes the ring: 20 × degrees per pixel, so it scales with the zoom. */
export function closesRing(first: LngLat, point: LngLat, degreesPerPixel: number): boolean {
  return degreeDistance(first, point) <= CLOSE_RING_PX * degreesPerPixel;
}

/** Add Link joins a node this many screen pixels from the pointer, at every zoom (issue 25). */
export const SNAP_RADIUS_PX = 12;

/**
 * The loaded node nearest to the point within `radiusPx` screen pixels, else undefined. Reads the network, not
 * what the map draws: below the zoom where every node is drawn the nodes are not pickable, and a click on a
 * crossing must still join it.
 */
export function snapNode(graph: GraphReader, point: LngLat, degreesPerPixel: number, radiusPx = SNAP_RADIUS_PX): string | undefined {
  const limit = radiusPx * degreesPerPixel;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const node of graph.entities<NetworkNode>(NODE)) {
    // A cheap box test first: most nodes are far away.
    if (Math.abs(node.lat - point[1]) > limit) continue;
    const distance = degreeDistance(point, [node.lng, node.lat]);
    if (distance <= limit && distance < bestDistance) {
      best = node.id;
      bestDistance = distance;
    }
  }
  return best;
}

/** Even-odd ray casting; a point on an edge may fall either way. */
export function pointInPolygon([x, y]: LngLat, polygon: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * What a lasso selects: the loaded nodes inside the polygon and the links with BOTH ends inside (a link that only
 * touches the area is not "in" it, and Delete then never removes a link reaching outside the drawn area).
 */
export function selectionInPolygon(graph: GraphReader, polygon: readonly LngLat[]): { links: string[]; nodes: string[] } {
  const inside = new Set<string>();
  for (const node of graph.entities<NetworkNode>(NODE)) if (pointInPolygon([node.lng, node.lat], polygon)) inside.add(node.id);
  // The links of the nodes inside (from the node → links index), each once.
  const links = new Set<string>();
  for (const id of inside) for (const link of linksOfNode(graph, id)) if (inside.has(link.fromId) && inside.has(link.toId)) links.add(link.id);
  return { links: [...links], nodes: [...inside] };
}

/** The point of segment a–b nearest to p (where a click on a link splits it, so the halves stay straight). */
export function nearestOnSegment(a: LngLat, b: LngLat, p: LngLat): LngLat {
  const scale = Math.cos(rad(p[1])) ** 2;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const squared = dx * dx * scale + dy * dy;
  if (squared === 0) return a;
  const t = Math.min(1, Math.max(0, ((p[0] - a[0]) * dx * scale + (p[1] - a[1]) * dy) / squared));
  return [a[0] + t * dx, a[1] + t * dy];
}
