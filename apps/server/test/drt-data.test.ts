/**
 * GET /datasets/files/{id}/drt (issue 29): a DRT file's vehicles, stops or service areas for the map editor, read
 * once in the worker pool and kept as drt-data.json.gz. Real data: drt-mielec's fleets, stop files and service-area
 * shapefile, in an Atlantis scenario (their coordinates are a local metric frame).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NO_DRT_DATA, type DrtData } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
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
  for (const file of files) {
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

  it('400 for files without DRT data, 404 for another group', async () => {
    const config = await drt(ids.get('mielec_drt_config.xml')!);
    expect(config.statusCode).toBe(400);
    expect(config.json().message).toBe(NO_DRT_DATA);
    expect((await drt(ids.get('vehicles-10-cap-4.xml')!, bob)).statusCode).toBe(404);
  });
});
