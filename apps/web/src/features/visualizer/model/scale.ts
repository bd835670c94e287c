/**
 * Vehicle shape sizes (spec 3 §9): metres at zoom 14.5 and closer, doubled per zoom level further out (powers of
 * two), times size/10. Mesh sizes: box 10×5×3 m, sphere and disc radius 10 m.
 */
export const SCALE_ZOOM = 14.5;
export const DISC_RADIUS_M = 10;
export const BOX_SIZE_M = [10, 5, 3] as const;

export function vehicleScale(zoom: number, size: number): number {
  const growth = zoom >= SCALE_ZOOM ? 1 : 2 ** Math.ceil(SCALE_ZOOM - zoom);
  return growth * (size / 10);
}
