/**
 * The editor's camera: where the map opens and the viewport as a query box (the `?c=` codec is shared, in
 * components/map/camera.ts).
 */
import type { NetworkInfo } from '@corridor/contract';
import { CAMERA_PARAM, parseCamera, type Camera } from '../../../components/map/camera.ts';

export { CAMERA_PARAM, formatCamera, parseCamera, type Camera } from '../../../components/map/camera.ts';

/** Where the map opens: the address's camera, else the network's stored centre and zoom (spec 2 §2). */
export function initialCamera(search: URLSearchParams, info: NetworkInfo): Camera {
  return parseCamera(search.get(CAMERA_PARAM)) ?? { lat: info.centerLat, lng: info.centerLon, zoom: info.zoom };
}

/** Spec 2 §9: the map's zoom before network-info has answered (centred on 0, 0). */
export const INITIAL_ZOOM = 3;
export const WAITING_CAMERA: Camera = { lat: 0, lng: 0, zoom: INITIAL_ZOOM };

/**
 * The stored centre one zoom level out: where the map goes to be fitted to the network (issue 25). info.json's zoom
 * shows the extent on a map about 1000 px wide; the editor's map is smaller, and the first viewport query must load
 * the whole network for the fit to see its extent.
 */
export function storedCamera(info: NetworkInfo): Camera {
  return { lat: info.centerLat, lng: info.centerLon, zoom: Math.max(0, info.zoom - 1) };
}

/**
 * Where the map opens: the address's camera wins (placed, not fitted); else the stored centre (fitted once loaded);
 * else, while network-info has not answered, zoom 3 on 0, 0 — not placed yet: the map moves to the stored centre
 * when the info arrives, and loads nothing before.
 */
export function openingCamera(search: URLSearchParams, info: NetworkInfo | undefined): { camera: Camera; fit: boolean; placed: boolean } {
  const fromAddress = parseCamera(search.get(CAMERA_PARAM));
  if (fromAddress) return { camera: fromAddress, fit: false, placed: true };
  if (info) return { camera: storedCamera(info), fit: true, placed: true };
  return { camera: WAITING_CAMERA, fit: true, placed: false };
}

/** The bounds of the nodes ([[west, south], [east, north]]), or undefined without nodes. */
export function nodeExtent(nodes: Iterable<{ lng: number; lat: number }>): [[number, number], [number, number]] | undefined {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { lng, lat } of nodes) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return west <= east ? [[west, south], [east, north]] : undefined;
}

/** The viewport as the query's bbox, clamped to the world (zoomed out, MapLibre reports wrapped copies). */
export function clampBbox(west: number, south: number, east: number, north: number): [number, number, number, number] {
  const lng = (value: number) => Math.min(180, Math.max(-180, value));
  const lat = (value: number) => Math.min(90, Math.max(-90, value));
  return [lng(west), lat(south), lng(east), lat(north)];
}
