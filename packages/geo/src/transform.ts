import proj4 from 'proj4';
import { crsEntry } from './catalog.ts';
import { lngLat, type LngLat, type XY } from './types.ts';

/** A CRS code that is neither an EPSG code proj4 can use nor Atlantis; the server answers it with a 400. */
export class UnknownCrsError extends Error {
  constructor(readonly crs: string) {
    super(`Unknown coordinate reference system "${crs}": expected an EPSG code such as "EPSG:25832", a MATSim name such as "GK4", or "Atlantis".`);
    this.name = 'UnknownCrsError';
  }
}

/**
 * A point transform from `from` to `to` (WGS 84 longitude/latitude by default). Atlantis, MATSim's made-up plane,
 * is a metre-true plane around 30° W 10° N (`ATLANTIS_DEFINITION`). Throws `UnknownCrsError` for codes the
 * catalogue does not know.
 */
export function transformer(from: string, to = 'EPSG:4326'): (xy: XY) => LngLat {
  const source = crsEntry(from);
  if (!source) throw new UnknownCrsError(from);
  const target = crsEntry(to);
  if (!target) throw new UnknownCrsError(to);
  if (source.code === target.code) {
    return (point) => lngLat(point[0], point[1]);
  }
  const converter = proj4(source.definition, target.definition);
  return (point) => {
    const [x, y] = converter.forward([point[0], point[1]]);
    return lngLat(x, y);
  };
}

/** Whether a longitude/latitude can be on Earth: finite, latitude within ±90°, longitude within ±180°. */
export function isOnEarth(point: LngLat): boolean {
  const [lng, lat] = point;
  return Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}
