/// <reference path="./vendor.d.ts" />
/**
 * GeoPackage (OGC 12-128r18, version 1.2) for service areas, through sql.js (SQLite compiled to WebAssembly, no
 * native build). Reading takes the polygons of the first feature table; writing makes a GeoPackage with the required
 * tables and one feature table `service_area` (fid, geom, the properties as columns).
 */
import type { Database, SqlValue } from 'sql.js';
import { MatsimFormatError } from '../errors.ts';
import type { AreaGeometryData, GeoData, GeoFeature, GeoPropertyValue, Position } from './model.ts';

/** 'GPKG' as SQLite's application_id. */
export const GEOPACKAGE_APPLICATION_ID = 0x47504b47;
/** GeoPackage 1.2.0 as user_version. */
const USER_VERSION = 10200;
/** The first srs_id outside EPSG's codes, for a CRS known only by name. */
const NAMED_SRS_ID = 100000;
const TABLE = 'service_area';
const GEOMETRY_COLUMN = 'geom';
const ID_COLUMN = 'fid';

type SqlJs = Awaited<ReturnType<typeof import('sql.js').default>>;
let sqlJs: Promise<SqlJs> | undefined;

/** SQLite (WebAssembly), loaded on first use: importing the package costs nothing. */
function sql(): Promise<SqlJs> {
  sqlJs ??= import('sql.js').then((module) => module.default());
  return sqlJs;
}

/** Reads the polygon features of a GeoPackage's first feature table (in gpkg_contents order). */
export async function readGeoPackage(bytes: Uint8Array): Promise<GeoData> {
  const SQL = await sql();
  let db: Database;
  try {
    db = new SQL.Database(bytes);
  } catch (error) {
    throw new MatsimFormatError('unexpected-root', `Not a GeoPackage: ${(error as Error).message}`);
  }
  try {
    return readDatabase(db);
  } catch (error) {
    if (error instanceof MatsimFormatError) throw error;
    throw new MatsimFormatError('invalid-value', `The GeoPackage does not read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

function readDatabase(db: Database): GeoData {
  const tables = rows(
    db,
    `SELECT g.table_name, g.column_name, g.srs_id FROM gpkg_contents c
     JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
     WHERE c.data_type = 'features' ORDER BY c.rowid LIMIT 1`,
  );
  const table = tables[0];
  if (!table) throw new MatsimFormatError('invalid-value', 'The GeoPackage has no feature table.');
  const [tableName, geometryColumn, srsId] = table as [string, string, number];
  const columns = rows(db, `PRAGMA table_info(${quote(tableName)})`).map((row) => ({
    name: String(row[1]),
    type: String(row[2] ?? '').toUpperCase(),
    pk: Number(row[5]) > 0,
  }));
  const idColumn = columns.find((column) => column.pk && column.type === 'INTEGER')?.name;
  const propertyColumns = columns.filter((column) => column.name !== geometryColumn && column.name !== idColumn);
  const select = [idColumn ?? 'rowid', geometryColumn, ...propertyColumns.map((column) => column.name)].map(quote).join(', ');
  const features: GeoFeature[] = [];
  for (const row of rows(db, `SELECT ${select} FROM ${quote(tableName)} ORDER BY 1`)) {
    const [id, blob, ...values] = row;
    if (!(blob instanceof Uint8Array)) continue;
    const geometry = decodeGeometry(blob);
    if (!geometry) continue;
    const properties: Record<string, GeoPropertyValue> = {};
    propertyColumns.forEach((column, index) => {
      const value = values[index] ?? null;
      if (value instanceof Uint8Array) return;
      properties[column.name] = column.type === 'BOOLEAN' && value !== null ? Boolean(value) : value;
    });
    features.push({ type: 'Feature', id: typeof id === 'number' ? id : String(id), geometry, properties });
  }
  return { crs: crsOfSrs(db, srsId), features };
}

function crsOfSrs(db: Database, srsId: number): string | null {
  const row = rows(db, 'SELECT srs_name, organization, organization_coordsys_id FROM gpkg_spatial_ref_sys WHERE srs_id = ?', [srsId])[0];
  if (!row) return srsId > 0 ? `EPSG:${srsId}` : null;
  const [name, organization, code] = row as [string, string, number];
  if (String(organization).toUpperCase() === 'EPSG' && Number(code) > 0) return `EPSG:${code}`;
  if (srsId === 0 || srsId === -1) return null;
  return name || null;
}

/** GeoPackage binary: 'GP', version, flags, srs_id, an envelope, then (ISO) WKB. */
function decodeGeometry(blob: Uint8Array): AreaGeometryData | undefined {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new MatsimFormatError('invalid-value', 'A geometry is not GeoPackage binary.');
  const flags = blob[3]!;
  if (flags & 0x10) return undefined; // empty
  const envelope = [0, 32, 48, 48, 64][(flags >> 1) & 0x07];
  if (envelope === undefined) throw new MatsimFormatError('invalid-value', 'A geometry has an unknown envelope.');
  const reader = new WkbReader(view, 8 + envelope);
  const geometry = reader.geometry();
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates as Position[][] };
  if (geometry.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geometry.coordinates as Position[][][] };
  return undefined;
}

class WkbReader {
  private little = true;
  constructor(
    private readonly view: DataView,
    private offset: number,
  ) {}

  geometry(): { type: string; coordinates: unknown } {
    this.little = this.view.getUint8(this.offset) === 1;
    this.offset += 1;
    let code = this.uint32();
    // EWKB flags (Z 0x80000000, M 0x40000000, SRID 0x20000000), ISO thousands (Z +1000, M +2000, ZM +3000).
    let dims = 2;
    if (code & 0x80000000) dims += 1;
    if (code & 0x40000000) dims += 1;
    if (code & 0x20000000) this.offset += 4;
    code &= 0x0fffffff;
    const iso = Math.floor(code / 1000);
    if (iso === 1 || iso === 2) dims += 1;
    if (iso === 3) dims += 2;
    const type = code % 1000;
    switch (type) {
      case 1:
        return { type: 'Point', coordinates: this.point(dims) };
      case 2:
        return { type: 'LineString', coordinates: this.points(dims) };
      case 3:
        return { type: 'Polygon', coordinates: this.rings(dims) };
      case 4:
      case 5:
      case 6:
      case 7: {
        const count = this.uint32();
        const parts = Array.from({ length: count }, () => this.geometry());
        if (type === 6) return { type: 'MultiPolygon', coordinates: parts.filter((part) => part.type === 'Polygon').map((part) => part.coordinates) };
        return { type: 'Other', coordinates: parts };
      }
      default:
        throw new MatsimFormatError('invalid-value', `A geometry has the unknown WKB type ${code}.`);
    }
  }

  private uint32(): number {
    const value = this.view.getUint32(this.offset, this.little);
    this.offset += 4;
    return value;
  }

  private point(dims: number): Position {
    const x = this.view.getFloat64(this.offset, this.little);
    const y = this.view.getFloat64(this.offset + 8, this.little);
    this.offset += 8 * dims;
    return [x, y];
  }

  private points(dims: number): Position[] {
    const count = this.uint32();
    return Array.from({ length: count }, () => this.point(dims));
  }

  private rings(dims: number): Position[][] {
    const count = this.uint32();
    return Array.from({ length: count }, () => this.points(dims));
  }
}

export interface WriteGeoPackageOptions {
  /** The CRS's WKT for gpkg_spatial_ref_sys.definition (e.g. a shapefile's .prj); 'undefined' without it. */
  definition?: string;
  /** The CRS's name for gpkg_spatial_ref_sys.srs_name (e.g. "WGS 84 / UTM zone 33N"); `crs` itself without it. */
  name?: string;
}

/**
 * Writes the features as a GeoPackage 1.2 with one feature table `service_area`. `crs` is `EPSG:<n>` (srs_id n,
 * organization EPSG), another name (a user-defined srs row with that name), or null (the undefined Cartesian srs).
 */
export async function writeGeoPackage(features: GeoFeature[], crs: string | null, options: WriteGeoPackageOptions = {}): Promise<Uint8Array> {
  const SQL = await sql();
  const db = new SQL.Database();
  try {
    db.run(`PRAGMA application_id = ${GEOPACKAGE_APPLICATION_ID}`);
    db.run(`PRAGMA user_version = ${USER_VERSION}`);
    db.run('BEGIN');
    db.run(`CREATE TABLE gpkg_spatial_ref_sys (
      srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
      organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT)`);
    db.run(`CREATE TABLE gpkg_contents (
      table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE, description TEXT DEFAULT '',
      last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
      CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id))`);
    db.run(`CREATE TABLE gpkg_geometry_columns (
      table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL,
      z TINYINT NOT NULL, m TINYINT NOT NULL,
      CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
      CONSTRAINT uk_gc_table_name UNIQUE (table_name),
      CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
      CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id))`);
    const insertSrs = 'INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)';
    db.run(insertSrs, ['Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system']);
    db.run(insertSrs, ['Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system']);
    db.run(insertSrs, ['WGS 84 geodetic', 4326, 'EPSG', 4326, WGS84_WKT, 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid']);
    const srsId = srsIdOf(crs);
    if (srsId !== 4326 && srsId !== -1) {
      const epsg = srsId < NAMED_SRS_ID;
      db.run(insertSrs, [options.name?.trim() || crs!, srsId, epsg ? 'EPSG' : 'NONE', srsId, options.definition?.trim() || 'undefined', null]);
    }

    const columns = propertyColumns(features);
    db.run(
      `CREATE TABLE ${quote(TABLE)} (${quote(ID_COLUMN)} INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, ${quote(GEOMETRY_COLUMN)} ${geometryTypeName(features)}${columns
        .map((column) => `, ${quote(column.name)} ${column.type}`)
        .join('')})`,
    );
    const box = envelopeOf(features.flatMap((feature) => positionsOf(feature.geometry)));
    db.run('INSERT INTO gpkg_contents (table_name, data_type, identifier, description, min_x, min_y, max_x, max_y, srs_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      TABLE,
      'features',
      TABLE,
      'DRT service area',
      box?.[0] ?? null,
      box?.[2] ?? null,
      box?.[1] ?? null,
      box?.[3] ?? null,
      srsId,
    ]);
    db.run('INSERT INTO gpkg_geometry_columns VALUES (?, ?, ?, ?, 0, 0)', [TABLE, GEOMETRY_COLUMN, geometryTypeName(features), srsId]);

    const ids = featureIds(features);
    const insert = db.prepare(
      `INSERT INTO ${quote(TABLE)} (${[ID_COLUMN, GEOMETRY_COLUMN, ...columns.map((column) => column.name)].map(quote).join(', ')}) VALUES (${[
        '?',
        '?',
        ...columns.map(() => '?'),
      ].join(', ')})`,
    );
    try {
      features.forEach((feature, index) => {
        const values: SqlValue[] = [ids[index]!, encodeGeometry(feature.geometry, srsId)];
        for (const column of columns) values.push(sqlValue(feature.properties[column.key]));
        insert.run(values);
      });
    } finally {
      insert.free();
    }
    db.run('COMMIT');
    return db.export();
  } finally {
    db.close();
  }
}

function srsIdOf(crs: string | null): number {
  if (crs === null || crs.trim() === '') return -1;
  const epsg = /^\s*epsg\s*:\s*(\d+)\s*$/i.exec(crs);
  if (epsg && Number(epsg[1]) > 0 && Number(epsg[1]) < NAMED_SRS_ID) return Number(epsg[1]);
  return NAMED_SRS_ID;
}

function geometryTypeName(features: GeoFeature[]): string {
  const types = new Set(features.map((feature) => feature.geometry.type));
  if (types.size === 1) return types.has('Polygon') ? 'POLYGON' : 'MULTIPOLYGON';
  return types.size === 0 ? 'MULTIPOLYGON' : 'GEOMETRY';
}

interface PropertyColumn {
  key: string;
  name: string;
  type: 'INTEGER' | 'DOUBLE' | 'BOOLEAN' | 'TEXT';
}

/** One column per property key (in order of first appearance), typed by its values; fid/geom clashes renamed. */
function propertyColumns(features: GeoFeature[]): PropertyColumn[] {
  const values = new Map<string, GeoPropertyValue[]>();
  for (const feature of features) {
    for (const [key, value] of Object.entries(feature.properties)) {
      const list = values.get(key) ?? [];
      list.push(value);
      values.set(key, list);
    }
  }
  const used = new Set([ID_COLUMN, GEOMETRY_COLUMN]);
  const columns: PropertyColumn[] = [];
  for (const [key, list] of values) {
    let name = key;
    while (used.has(name.toLowerCase())) name = `${name}_`;
    used.add(name.toLowerCase());
    const present = list.filter((value) => value !== null);
    const type =
      present.length > 0 && present.every((value) => typeof value === 'boolean')
        ? 'BOOLEAN'
        : present.length > 0 && present.every((value) => typeof value === 'number')
          ? present.every((value) => Number.isSafeInteger(value))
            ? 'INTEGER'
            : 'DOUBLE'
          : 'TEXT';
    columns.push({ key, name, type });
  }
  return columns;
}

function sqlValue(value: GeoPropertyValue | undefined): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** The features' own integer ids where they are unique and positive, else 1, 2, 3 … */
function featureIds(features: GeoFeature[]): number[] {
  const own = features.map((feature) => (typeof feature.id === 'number' && Number.isSafeInteger(feature.id) && feature.id > 0 ? feature.id : undefined));
  if (own.every((id) => id !== undefined) && new Set(own).size === own.length) return own as number[];
  return features.map((_, index) => index + 1);
}

function positionsOf(geometry: AreaGeometryData): Position[] {
  return geometry.type === 'Polygon' ? geometry.coordinates.flat() : geometry.coordinates.flat(2);
}

/** [minX, maxX, minY, maxY] as GeoPackage orders an envelope. */
function envelopeOf(positions: Position[]): [number, number, number, number] | undefined {
  if (positions.length === 0) return undefined;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of positions) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return [minX, maxX, minY, maxY];
}

function encodeGeometry(geometry: AreaGeometryData, srsId: number): Uint8Array {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const positions = positionsOf(geometry);
  const box = envelopeOf(positions);
  const wkbSize = (polygons: Position[][][]) => polygons.reduce((sum, rings) => sum + 9 + rings.reduce((ringSum, ring) => ringSum + 4 + 16 * ring.length, 0), 0);
  const bodySize = geometry.type === 'Polygon' ? wkbSize(polygons) : 9 + wkbSize(polygons);
  const headerSize = 8 + (box ? 32 : 0);
  const bytes = new Uint8Array(headerSize + bodySize);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x47; // G
  bytes[1] = 0x50; // P
  bytes[2] = 0; // version 1
  // Flags: standard binary, not empty unless no positions, envelope [minx, maxx, miny, maxy] when any, little endian.
  bytes[3] = (box ? 0x02 : 0x10) | 0x01;
  view.setInt32(4, srsId, true);
  let offset = 8;
  if (box) {
    for (const value of box) {
      view.setFloat64(offset, value, true);
      offset += 8;
    }
  }
  const polygon = (rings: Position[][]) => {
    view.setUint8(offset, 1);
    view.setUint32(offset + 1, 3, true);
    view.setUint32(offset + 5, rings.length, true);
    offset += 9;
    for (const ring of rings) {
      view.setUint32(offset, ring.length, true);
      offset += 4;
      for (const [x, y] of ring) {
        view.setFloat64(offset, x, true);
        view.setFloat64(offset + 8, y, true);
        offset += 16;
      }
    }
  };
  if (geometry.type === 'Polygon') polygon(geometry.coordinates);
  else {
    view.setUint8(offset, 1);
    view.setUint32(offset + 1, 6, true);
    view.setUint32(offset + 5, polygons.length, true);
    offset += 9;
    for (const rings of polygons) polygon(rings);
  }
  return bytes;
}

function rows(db: Database, query: string, params?: SqlValue[]): SqlValue[][] {
  return db.exec(query, params)[0]?.values ?? [];
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';
