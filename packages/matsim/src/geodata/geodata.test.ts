import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { sharedData } from '../../test/data.ts';
import { MatsimFormatError } from '../errors.ts';
import { readGeoPackage, writeGeoPackage } from './geopackage.ts';
import type { GeoFeature } from './model.ts';
import { readShapefile } from './shapefile.ts';
import { crsOfWkt } from './wkt.ts';

const MIELEC = 'drt-mielec/mielec/mielec';
const mielec = (ext: string) => new Uint8Array(readFileSync(sharedData(`${MIELEC}.${ext}`)));

describe('shapefiles', () => {
  test('Mielec: one closed polygon of 33 points with its dbf attributes; the .prj names UTM 33N', async () => {
    const data = await readShapefile({ shp: mielec('shp'), dbf: mielec('dbf'), prj: mielec('prj'), cpg: mielec('cpg') });
    expect(data.crs).toBe('EPSG:32633');
    expect(data.features).toHaveLength(1);
    const [feature] = data.features;
    expect(feature!.geometry.type).toBe('Polygon');
    const ring = (feature!.geometry.coordinates as [number, number][][])[0]!;
    expect(ring).toHaveLength(33); // 33 points, the last repeating the first
    expect(ring[0]).toEqual(ring[32]);
    const xs = ring.map(([x]) => x);
    const ys = ring.map(([, y]) => y);
    expect(Math.round(Math.min(...xs))).toBe(5);
    expect(Math.round(Math.max(...xs))).toBe(6691);
    expect(Math.round(Math.min(...ys))).toBe(-7899);
    expect(Math.round(Math.max(...ys))).toBe(-206);
    expect(Object.keys(feature!.properties)).toEqual(expect.arrayContaining(['ID', 'CODE', 'NAME', 'TYPENO', 'area', 'perimeter']));
    expect(Math.round(feature!.properties['area'] as number)).toBe(2031787);
  });

  test('without dbf and prj: no attributes, no CRS; a file that is no shapefile is refused', async () => {
    const data = await readShapefile({ shp: mielec('shp') });
    expect(data.crs).toBeNull();
    expect(data.features[0]!.properties).toEqual({});
    await expect(readShapefile({ shp: new TextEncoder().encode('<network/>'.padEnd(120)) })).rejects.toBeInstanceOf(MatsimFormatError);
  });

  test('CRS of a .prj: the top-level AUTHORITY wins, Esri names are told, else the name', () => {
    expect(crsOfWkt('PROJCS["ETRS89 / UTM zone 32N",GEOGCS["ETRS89",AUTHORITY["EPSG","4258"]],AUTHORITY["EPSG","25832"]]')).toBe('EPSG:25832');
    expect(crsOfWkt('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]]]')).toBe('EPSG:4326');
    expect(crsOfWkt('PROJCS["ETRS_1989_UTM_Zone_33N",GEOGCS["GCS_ETRS_1989"]]')).toBe('EPSG:25833');
    expect(crsOfWkt('PROJCS["WGS_1984_UTM_Zone_36S",GEOGCS["GCS_WGS_1984"]]')).toBe('EPSG:32736');
    expect(crsOfWkt('PROJCS["DHDN_3_Degree_Gauss_Zone_4",GEOGCS["GCS_Deutsches_Hauptdreiecksnetz"]]')).toBe('DHDN_3_Degree_Gauss_Zone_4');
    expect(crsOfWkt('  ')).toBeNull();
  });
});

describe('GeoPackage', () => {
  const features: GeoFeature[] = [
    {
      type: 'Feature',
      id: 1,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [[0, 0], [100.5, 0], [100.5, 80], [0, 80], [0, 0]],
          [[10, 10], [20, 10], [20, 20], [10, 10]],
        ],
      },
      properties: { name: 'Centre', zone: 3, share: 0.25, active: true, note: null },
    },
    {
      type: 'Feature',
      id: 2,
      geometry: {
        type: 'MultiPolygon',
        coordinates: [[[[200, 200], [300, 200], [300, 300], [200, 200]]], [[[400, 400], [500, 400], [500, 500], [400, 400]]]],
      },
      properties: { name: 'Ränder "Süd"', zone: 4, share: 1, active: false, note: 'x' },
    },
  ];

  test('write → read gives the same features and CRS; the file is a GeoPackage 1.2 with the required tables', async () => {
    const bytes = await writeGeoPackage(features, 'EPSG:32633');
    expect(new TextDecoder().decode(bytes.subarray(0, 15))).toBe('SQLite format 3');
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(68, false)).toBe(0x47504b47); // 'GPKG'
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(60, false)).toBe(10200);
    const data = await readGeoPackage(bytes);
    expect(data.crs).toBe('EPSG:32633');
    expect(data.features).toEqual(features);
  });

  test('a CRS known only by name keeps its name; no CRS is the undefined Cartesian one; no features is an empty table', async () => {
    expect((await readGeoPackage(await writeGeoPackage(features, 'Atlantis'))).crs).toBe('Atlantis');
    expect((await readGeoPackage(await writeGeoPackage(features, null))).crs).toBeNull();
    expect(await readGeoPackage(await writeGeoPackage([], 'EPSG:4326'))).toEqual({ crs: 'EPSG:4326', features: [] });
  });

  test('the Mielec shapefile written as GeoPackage reads back equal', async () => {
    const shape = await readShapefile({ shp: mielec('shp'), dbf: mielec('dbf'), prj: mielec('prj'), cpg: mielec('cpg') });
    const back = await readGeoPackage(await writeGeoPackage(shape.features, shape.crs));
    expect(back).toEqual(shape);
  });

  test('bytes that are no GeoPackage are refused with a format error', async () => {
    await expect(readGeoPackage(new TextEncoder().encode('not a database at all, no sqlite header'))).rejects.toBeInstanceOf(MatsimFormatError);
  });
});
