import type { GeoData, GeoFeature } from './model.ts';

/** Reads the polygon features of a GeoPackage's first feature table. */
export async function readGeoPackage(bytes: Uint8Array): Promise<GeoData> {
  void bytes;
  throw new Error('readGeoPackage: not implemented yet');
}

/** Writes the features as a GeoPackage 1.2 with one feature table; `crs` is `EPSG:<n>` or a name or null. */
export async function writeGeoPackage(features: GeoFeature[], crs: string | null): Promise<Uint8Array> {
  void features;
  void crs;
  throw new Error('writeGeoPackage: not implemented yet');
}
