/**
 * Geodata as MATSim's DRT reads it for `drtServiceAreaShapeFile` (GeoFileReader: shapefiles and GeoPackages):
 * polygon features with their attributes, coordinates in the file's CRS (not converted).
 */

export type Position = [number, number];

export interface PolygonGeometry {
  type: 'Polygon';
  /** Rings: the outer ring first, then holes; each ring closed (first position repeated last). */
  coordinates: Position[][];
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}

export type AreaGeometryData = PolygonGeometry | MultiPolygonGeometry;

export type GeoPropertyValue = string | number | boolean | null;

export interface GeoFeature {
  type: 'Feature';
  /** The feature's id where the file has one (GeoPackage fid; a shapefile's record number, 1-based). */
  id?: string | number;
  geometry: AreaGeometryData;
  properties: Record<string, GeoPropertyValue>;
}

export interface GeoData {
  /**
   * The coordinate reference system: `EPSG:<code>` when it can be told, else the CRS's name (the WKT's name), else
   * null (no .prj, an undefined GeoPackage srs).
   */
  crs: string | null;
  /** Polygon and MultiPolygon features only; other geometries (points, lines, empty shapes) are left out. */
  features: GeoFeature[];
}

/** The files of one shapefile: the .shp is required; .dbf gives the attributes, .prj the CRS. */
export interface ShapefileParts {
  shp: Uint8Array;
  dbf?: Uint8Array;
  /** The .prj text (WKT), as bytes or text. */
  prj?: Uint8Array | string;
  /** The .cpg text: the dbf's code page (`UTF-8`, `1252`); windows-1252 without it, as the dBASE default. */
  cpg?: Uint8Array | string;
}
