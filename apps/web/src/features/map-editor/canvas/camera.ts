/**
 * The camera in the address (`?c=<lat>,<lng>,<zoom>`), so a reload or a shared link opens the same view. Other
 * parameters (`id`, `file`) are left alone. Six decimals are about 0.1 m, finer than a pixel at zoom 20.
 */
import type { NetworkInfo } from '@corridor/contract';

export const CAMERA_PARAM = 'c';

export interface Camera {
  readonly lat: number;
  readonly lng: number;
  readonly zoom: number;
}

/** The camera a `c` value names, or undefined when it is missing or not three numbers in range. */
export function parseCamera(value: string | null): Camera | undefined {
  const parts = value?.split(',') ?? [];
  if (parts.length !== 3 || parts.some((part) => part.trim() === '')) return undefined;
  const [lat, lng, zoom] = parts.map(Number) as [number, number, number];
  if (![lat, lng, zoom].every(Number.isFinite)) return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || zoom < 0 || zoom > 24) return undefined;
  return { lat, lng, zoom };
}

export function formatCamera({ lat, lng, zoom }: Camera): string {
  return `${lat.toFixed(6)},${lng.toFixed(6)},${zoom.toFixed(2)}`;
}

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
