export type {
  AreaGeometryData,
  GeoData,
  GeoFeature,
  GeoPropertyValue,
  MultiPolygonGeometry,
  PolygonGeometry,
  Position,
  ShapefileParts,
} from './model.ts';
export { readShapefile } from './shapefile.ts';
export { GEOPACKAGE_APPLICATION_ID, readGeoPackage, writeGeoPackage, type WriteGeoPackageOptions } from './geopackage.ts';
export { crsOfWkt } from './wkt.ts';
