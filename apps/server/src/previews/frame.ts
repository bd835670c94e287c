/**
 * Fitting a network's bounding box into an image: one scale for both axes (no distortion), centred, with a margin,
 * and y flipped because projected CRSs grow northwards while image rows grow downwards.
 */

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Frame {
  /** Pixels per CRS unit. */
  scale: number;
  /** Pixel position of a CRS coordinate. */
  x(x: number): number;
  y(y: number): number;
}

export function emptyBounds(): Bounds {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

export function extend(bounds: Bounds, x: number, y: number): void {
  if (x < bounds.minX) bounds.minX = x;
  if (x > bounds.maxX) bounds.maxX = x;
  if (y < bounds.minY) bounds.minY = y;
  if (y > bounds.maxY) bounds.maxY = y;
}

/** The pixel rectangle the network is fitted into (the image minus margins and legend). */
export interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function fitFrame(bounds: Bounds, area: Area): Frame {
  const spanX = bounds.maxX - bounds.minX;
  const spanY = bounds.maxY - bounds.minY;
  const roomX = Math.max(1, area.right - area.left);
  const roomY = Math.max(1, area.bottom - area.top);
  // A single node (or a line along one axis) has no extent to fit in that direction: the other one decides, and a
  // point just sits in the middle.
  const scale = Math.min(spanX > 0 ? roomX / spanX : Infinity, spanY > 0 ? roomY / spanY : Infinity);
  const s = Number.isFinite(scale) ? scale : 1;
  const centreX = (bounds.minX + bounds.maxX) / 2;
  const centreY = (bounds.minY + bounds.maxY) / 2;
  const middleX = (area.left + area.right) / 2;
  const middleY = (area.top + area.bottom) / 2;
  return {
    scale: s,
    x: (x) => middleX + (x - centreX) * s,
    y: (y) => middleY - (y - centreY) * s,
  };
}
