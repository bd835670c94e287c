/**
 * Where the direction arrow of each link sits on the map (spec 2 §7: "Static images are used for the arrow … icons
 * on the map"): at the link's midpoint, turned along the link, and — when the opposite link lies on the same two
 * end points — pushed a few pixels to the right of its direction, so both arrows of a two-way pair show.
 *
 * Pure: link end coordinates in, typed arrays out, one entry per link in the input's order (the caller's colours
 * per link line up by index). Shared by the map editor and the visualizer.
 */

/** Link end coordinates, four numbers per link: from lon, from lat, to lon, to lat (WGS84 degrees). */
export type LinkEnds = Float32Array | Float64Array | readonly number[];

export interface ArrowPlacements {
  readonly length: number;
  /** lon, lat of each arrow (the link's midpoint). */
  readonly positions: Float64Array;
  /** Degrees counter-clockwise from east on the screen (deck.gl's IconLayer `getAngle`), north up. */
  readonly angles: Float32Array;
  /** Screen pixels x, y (y down; deck.gl's `getPixelOffset`): 0, 0 unless the link has an opposite one. */
  readonly offsets: Float32Array;
}

/** How far an arrow of a two-way pair sits off the shared line, in pixels. */
export const PAIR_OFFSET_PX = 5;

const DEG = Math.PI / 180;

const key = (a: number, b: number, c: number, d: number) => `${a},${b},${c},${d}`;

export function arrowPlacements(ends: LinkEnds, pairOffsetPx = PAIR_OFFSET_PX): ArrowPlacements {
  const length = Math.floor(ends.length / 4);
  const positions = new Float64Array(length * 2);
  const angles = new Float32Array(length);
  const offsets = new Float32Array(length * 2);
  const directions = new Set<string>();
  for (let i = 0; i < length; i++) directions.add(key(ends[i * 4]!, ends[i * 4 + 1]!, ends[i * 4 + 2]!, ends[i * 4 + 3]!));
  for (let i = 0; i < length; i++) {
    const fromLon = ends[i * 4]!;
    const fromLat = ends[i * 4 + 1]!;
    const toLon = ends[i * 4 + 2]!;
    const toLat = ends[i * 4 + 3]!;
    const lat = (fromLat + toLat) / 2;
    positions[i * 2] = (fromLon + toLon) / 2;
    positions[i * 2 + 1] = lat;
    // Web Mercator is conformal: on screen a degree of longitude is cos(latitude) of a degree of latitude.
    const angle = Math.atan2(toLat - fromLat, (toLon - fromLon) * Math.cos(lat * DEG));
    angles[i] = angle / DEG;
    if (directions.has(key(toLon, toLat, fromLon, fromLat)) && (toLon !== fromLon || toLat !== fromLat)) {
      // The right-hand side of the direction: clockwise a quarter turn, in y-down screen pixels.
      offsets[i * 2] = Math.sin(angle) * pairOffsetPx;
      offsets[i * 2 + 1] = Math.cos(angle) * pairOffsetPx;
    }
  }
  return { length, positions, angles, offsets };
}

/** Arrow size bounds in pixels (spec 3 §9: arrows size 5–16 px). */
export const ARROW_MIN_PX = 5;
export const ARROW_MAX_PX = 16;
/** An arrow is this many times its link's line width (then kept within the bounds). */
export const ARROW_WIDTH_FACTOR = 4;

/**
 * Arrow size per link from the line widths: width × factor, clamped to 5–16 px when the widths are pixels. Widths in
 * metres stay metres (the layer clamps them to the same pixel bounds on screen).
 */
export function arrowSizes(widths: Float32Array, unit: 'pixels' | 'meters', factor = ARROW_WIDTH_FACTOR): Float32Array {
  const sizes = new Float32Array(widths.length);
  for (let i = 0; i < widths.length; i++) {
    const size = widths[i]! * factor;
    sizes[i] = unit === 'pixels' ? Math.min(ARROW_MAX_PX, Math.max(ARROW_MIN_PX, size)) : size;
  }
  return sizes;
}
