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
export { readGeoPackage, writeGeoPackage } from './geopackage.ts';
