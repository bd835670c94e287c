/**
 * GET /datasets/files/{id}/drt (issue 29): a DRT file's vehicles, stops or service areas for the map editor, read
 * once in the worker pool and kept as drt-data.json.gz. Real data: drt-mielec's fleets, stop files and service-area
 * shapefile, in an Atlantis scenario (their coordinates are a local metric frame).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NO_DRT_DATA, type DrtData } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
import { writeGeoPackage } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let scenarioId: number;
const ids = new Map<string, number>();
const MIELEC = path.join(SHARED_DATA, 'drt-mielec');

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  scenarioId = (await createScenario(t.app, alice, { key: 'drt-data', attributes: { __crs: 'Atlantis' } })).id;
  const names = ['vehicles-10-cap-4.xml', 'drtstops.xml', 'drtstops_wLinkIds_lessStops.xml', 'mielec_drt_config.xml'];
  const files = await uploadOk(t.app, alice, [
    ...(await Promise.all(names.map(async (name) => ({ name, content: await readFile(path.join(MIELEC, name)) })))),
    { name: 'fleet-without-capacity.xml', content: FLEET_WITHOUT_CAPACITY },
  ]);
  const parts = ['mielec.shp', 'mielec.shx', 'mielec.dbf', 'mielec.prj', 'mielec.cpg'];
  const shapefile = await uploadOk(t.app, alice, await Promise.all(parts.map(async (name) => ({ name, content: await readFile(path.join(MIELEC, 'mielec', name)) }))));
  const gpkg = await writeGeoPackage([{ type: 'Feature', id: 7, geometry: SQUARE, properties: { name: 'Centre', seats: 4 } }], 'EPSG:4326');
  const [area] = await uploadOk(t.app, alice, [{ name: 'area.gpkg', content: Buffer.from(gpkg) }]);
  for (const file of [...files, ...shapefile, area!]) {
    ids.set(file.name, file.id);
    await attach(t.app, alice, scenarioId, file.id);
  }
}, 60_000);
afterAll(() => t?.close());

const drt = (fileId: number, session = alice) => t.app.inject({ url: `${API}/datasets/files/${fileId}/drt`, headers: { cookie: session.cookie } });
async function drtOk(name: string): Promise<DrtData> {
  const response = await drt(ids.get(name)!);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const derived = async (fileId: number) =>
  (await t.app.inject({ url: `${API}/datasets/files/${fileId}/d`, headers: { cookie: alice.cookie } })).json() as { filename: string }[];

const SQUARE = { type: 'Polygon' as const, coordinates: [[[21.4, 50.28], [21.45, 50.28], [21.45, 50.31], [21.4, 50.31], [21.4, 50.28]] as [number, number][]] };

const FLEET_WITHOUT_CAPACITY = `<?xml version="1.0" ?>
<!DOCTYPE vehicles SYSTEM "http://matsim.org/files/dtd/dvrp_vehicles_v1.dtd">
<vehicles>
  <vehicle id="taxi_1" start_link="12" t_0="0" t_1="86400"/>
</vehicles>
`;

describe('DRT data of a file', () => {
  it('a dvrp fleet: its vehicles with capacity as text (1 when the file has none), kept as drt-data.json.gz', async () => {
    const fleet = await drtOk('vehicles-10-cap-4.xml');
    expect(fleet.kind).toBe('vehicles');
    if (fleet.kind !== 'vehicles') return;
    expect(fleet.vehicles).toHaveLength(10);
    expect(fleet.vehicles[0]).toEqual({ id: 'drt_veh_1_1', startLinkId: '385', capacity: '4', t0: 21600, t1: 104400 });
    expect((await derived(ids.get('vehicles-10-cap-4.xml')!)).map((d) => d.filename)).toEqual(['drt-data.json.gz']);
    expect(await drtOk('vehicles-10-cap-4.xml')).toEqual(fleet);
    expect(await drtOk('fleet-without-capacity.xml')).toEqual({ kind: 'vehicles', vehicles: [{ id: 'taxi_1', startLinkId: '12', capacity: '1', t0: 0, t1: 86400 }] });
  });

  it('stop files: every stop facility in WGS84 from the scenario CRS, link ids where the file has them, the id as name', async () => {
    const toWgs84 = transformer('Atlantis');
    const lessStops = await drtOk('drtstops_wLinkIds_lessStops.xml');
    expect(lessStops.kind).toBe('stops');
    if (lessStops.kind !== 'stops') return;
    expect(lessStops.crs).toBe('Atlantis');
    expect(lessStops.problem).toBeUndefined();
    expect(lessStops.stops).toHaveLength(100);
    expect(lessStops.stops[0]).toEqual({ id: '1', name: '1', coordinates: [...toWgs84(xy(3940.1918, -2485.0446))], linkId: '149', isBlocking: false });
    const all = await drtOk('drtstops.xml');
    if (all.kind !== 'stops') throw new Error('stops expected');
    expect(all.stops).toHaveLength(202);
    expect(all.stops.every((stop) => stop.linkId === undefined)).toBe(true);
  });

  it('service areas: a shapefile with its .dbf/.prj found by name in the scenario, a GeoPackage; other shapefile parts have none', async () => {
    const mielec = await drtOk('mielec.shp');
    if (mielec.kind !== 'serviceArea') throw new Error('service area expected');
    // The .prj names UTM 33N (SOURCE.md: wrongly — the polygon is in the network's local frame, so it lands near the equator).
    expect(mielec.crs).toBe('EPSG:32633');
    expect(mielec.areas).toHaveLength(1);
    const [feature] = mielec.areas;
    expect(feature!.id).toBe(1);
    expect(Object.keys(feature!.properties).sort()).toEqual(['CODE', 'ID', 'NAME', 'TYPENO', 'area', 'perimeter']);
    expect(feature!.geometry.type).toBe('Polygon');
    const ring = (feature!.geometry.coordinates as [number, number][][])[0]!;
    expect(ring.length).toBeGreaterThanOrEqual(33);
    expect(ring[0]).toEqual(ring.at(-1));
    // Inside the bounding box of the .shp header (x 5…6,691, y -7,899…-206) taken to WGS84 (within 100 m: far from its
    // central meridian the projection bends the box's edges).
    const utm = transformer('EPSG:32633');
    const corners = [utm(xy(5, -7899)), utm(xy(6691, -206)), utm(xy(5, -206)), utm(xy(6691, -7899))];
    const [minLng, maxLng] = [Math.min(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[0]))];
    const [minLat, maxLat] = [Math.min(...corners.map((c) => c[1])), Math.max(...corners.map((c) => c[1]))];
    for (const [lng, lat] of ring) {
      expect(lng).toBeGreaterThanOrEqual(minLng - 1e-3);
      expect(lng).toBeLessThanOrEqual(maxLng + 1e-3);
      expect(lat).toBeGreaterThanOrEqual(minLat - 1e-3);
      expect(lat).toBeLessThanOrEqual(maxLat + 1e-3);
    }

    expect(await drtOk('area.gpkg')).toEqual({ kind: 'serviceArea', crs: 'EPSG:4326', areas: [{ type: 'Feature', id: 7, geometry: SQUARE, properties: { name: 'Centre', seats: 4 } }] });
    for (const part of ['mielec.dbf', 'mielec.shx']) {
      const response = await drt(ids.get(part)!);
      expect(response.statusCode, part).toBe(400);
      expect(response.json().message).toBe(NO_DRT_DATA);
    }
  });

  it('400 for files without DRT data, 404 for another group', async () => {
    const config = await drt(ids.get('mielec_drt_config.xml')!);
    expect(config.statusCode).toBe(400);
    expect(config.json().message).toBe(NO_DRT_DATA);
    expect((await drt(ids.get('vehicles-10-cap-4.xml')!, bob)).statusCode).toBe(404);
  });
});
