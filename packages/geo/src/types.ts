/**
 * Branded coordinate pairs: a projected MATSim coordinate and a WGS 84 longitude/latitude are both two numbers,
 * and mixing them up draws a network in the Atlantic. The brand makes the compiler catch it; `xy` and `lngLat`
 * are the only ways to make one. Tuples in [x, y] / [lng, lat] order, as MapLibre and GeoJSON take them.
 */

/** Longitude and latitude in degrees. */
export type LngLat = readonly [lng: number, lat: number] & { readonly __brand: 'LngLat' };

/** A coordinate in a scenario's own (usually projected) CRS, as MATSim files hold it. */
export type XY = readonly [x: number, y: number] & { readonly __brand: 'XY' };

export function lngLat(lng: number, lat: number): LngLat {
  return [lng, lat] as unknown as LngLat;
}

export function xy(x: number, y: number): XY {
  return [x, y] as unknown as XY;
}
