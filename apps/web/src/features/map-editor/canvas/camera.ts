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

/** The viewport as the query's bbox, clamped to the world (zoomed out, MapLibre reports wrapped copies). */
export function clampBbox(west: number, south: number, east: number, north: number): [number, number, number, number] {
  const lng = (value: number) => Math.min(180, Math.max(-180, value));
  const lat = (value: number) => Math.min(90, Math.max(-90, value));
  return [lng(west), lat(south), lng(east), lat(north)];
}
