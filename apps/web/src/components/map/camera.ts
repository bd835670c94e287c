/**
 * The camera in the address (`?c=<lat>,<lng>,<zoom>`), so a reload or a shared link opens the same view. Shared by
 * the map editor and the visualizer. Six decimals are about 0.1 m, finer than a pixel at zoom 20.
 */
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
