/// <reference path="./vendor.d.ts" />
/**
 * Shapefiles as MATSim's GeoFileReader reads them (`drtServiceAreaShapeFile`): the polygons of the .shp with the
 * attributes of the .dbf, the CRS from the .prj. Read with mbostock's `shapefile` (outer rings clockwise, holes
 * assigned to the outer ring that contains them).
 */
import { MatsimFormatError } from '../errors.ts';
import type { AreaGeometryData, GeoData, GeoFeature, GeoPropertyValue, Position, ShapefileParts } from './model.ts';
import { crsOfWkt } from './wkt.ts';

const SHP_FILE_CODE = 9994;

/** Reads a shapefile's polygons with their dbf attributes; the CRS from the .prj. */
export async function readShapefile(parts: ShapefileParts): Promise<GeoData> {
  const shp = parts.shp;
  if (shp.byteLength < 100 || new DataView(shp.buffer, shp.byteOffset, shp.byteLength).getInt32(0, false) !== SHP_FILE_CODE) {
    throw new MatsimFormatError('unexpected-root', 'Not a shapefile: the .shp has no shapefile header.');
  }
  const encoding = parts.cpg === undefined ? undefined : encodingOf(textOf(parts.cpg));
  let source;
  try {
    // Loaded on first use: importing the package costs nothing.
    const shapefile = await import('shapefile');
    const open = shapefile.open ?? shapefile.default.open; // named (ESM loaders) or the CommonJS default
    // Copies: the package reads the typed array's whole buffer, not only the view.
    source = await open(shp.slice(), parts.dbf?.slice(), encoding === undefined ? undefined : { encoding });
  } catch (error) {
    throw new MatsimFormatError('invalid-value', `The shapefile does not read: ${(error as Error).message}`);
  }
  const features: GeoFeature[] = [];
  let record = 0;
  for (;;) {
    let next;
    try {
      next = await source.read();
    } catch (error) {
      throw new MatsimFormatError('invalid-value', `The shapefile does not read: ${(error as Error).message}`);
    }
    if (next.done) break;
    record += 1;
    const geometry = areaGeometry(next.value.geometry);
    if (!geometry) continue;
    features.push({ type: 'Feature', id: record, geometry, properties: properties(next.value.properties) });
  }
  return { crs: parts.prj === undefined ? null : crsOfWkt(textOf(parts.prj)), features };
}

function textOf(value: Uint8Array | string): string {
  return typeof value === 'string' ? value : new TextDecoder('utf-8').decode(value);
}

/** A .cpg names the dbf's code page: `UTF-8`, `1252`, `ISO-8859-1`, … */
function encodingOf(cpg: string): string | undefined {
  const text = cpg.trim().toLowerCase();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return `windows-${text}`;
  return text;
}

function areaGeometry(geometry: { type: string; coordinates: unknown } | null): AreaGeometryData | undefined {
  if (!geometry) return undefined;
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates as Position[][] };
  if (geometry.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geometry.coordinates as Position[][][] };
  return undefined;
}

function properties(values: Record<string, unknown> | null): Record<string, GeoPropertyValue> {
  const result: Record<string, GeoPropertyValue> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === null || value === undefined) result[key] = null;
    else if (value instanceof Date) result[key] = Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
    else if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') result[key] = value;
    else result[key] = String(value);
  }
  return result;
}
