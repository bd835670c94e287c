import type { GeoData, ShapefileParts } from './model.ts';

/** Reads a shapefile's polygons with their dbf attributes; the CRS from the .prj. */
export async function readShapefile(parts: ShapefileParts): Promise<GeoData> {
  void parts;
  throw new Error('readShapefile: not implemented yet');
}
