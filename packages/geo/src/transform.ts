import proj4 from 'proj4';
import { crsEntry } from './catalog.ts';
import { lngLat, type LngLat, type XY } from './types.ts';

/** A CRS code that is neither an EPSG code proj4 can use nor Atlantis; the server answers it with a 400. */
export class UnknownCrsError extends Error {
  constructor(readonly crs: string) {
    super(`Unknown coordinate reference system "${crs}": expected an EPSG code such as "EPSG:25832" or "Atlantis".`);
    this.name = 'UnknownCrsError';
  }
}

/**
 * A point transform from `from` to `to` (WGS 84 longitude/latitude by default). Atlantis, MATSim's made-up plane,
 * has no place on Earth: any transform touching it is the identity, so its examples still draw, just not on a map.
 * Throws `UnknownCrsError` for codes the catalogue does not know.
 */
export function transformer(from: string, to = 'EPSG:4326'): (xy: XY) => LngLat {
  const source = crsEntry(from);
  if (!source) throw new UnknownCrsError(from);
  const target = crsEntry(to);
  if (!target) throw new UnknownCrsError(to);
  if (source.definition === null || target.definition === null || source.code === target.code) {
    return (point) => lngLat(point[0], point[1]);
  }
  const converter = proj4(source.definition, target.definition);
  return (point) => {
    const [x, y] = converter.forward([point[0], point[1]]);
    return lngLat(x, y);
  };
}
