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

/**
 * Where the map opens before it is fitted to the network (issue 25): the address's camera wins and is not fitted;
 * else the stored centre one zoom level out. info.json's zoom shows the extent on a map about 1000 px wide; the
 * editor's map is smaller, and the first viewport query must load the whole network for the fit to see its extent.
 */
export function openingCamera(search: URLSearchParams, info: NetworkInfo): { camera: Camera; fit: boolean } {
  const fromAddress = parseCamera(search.get(CAMERA_PARAM));
  if (fromAddress) return { camera: fromAddress, fit: false };
  return { camera: { lat: info.centerLat, lng: info.centerLon, zoom: Math.max(0, info.zoom - 1) }, fit: true };
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
