/** Spec 2 §9. */
export const NEW_LINK_DEFAULTS = { capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] } as const;
/** A link made for a stop self-loop (transit editing) or split without a source link. */
export const SELF_LOOP_LINK_DEFAULTS = { length: 1, freespeed: 1, capacity: 1, lanes: 1, modes: ['car'] } as const;
export const GENERATED_ID_LENGTH = 8;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two WGS84 points (haversine). */
export function distanceMetres([lng1, lat1]: readonly [number, number], [lng2, lat2]: readonly [number, number]): number {
  const h = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The first 8 characters of a random id, re-drawn until unique (spec 2 §9). */
export function generateId(taken: (id: string) => boolean, random: () => string = () => crypto.randomUUID()): string {
  for (;;) {
    const id = random().replaceAll('-', '').slice(0, GENERATED_ID_LENGTH);
    if (!taken(id)) return id;
  }
}
