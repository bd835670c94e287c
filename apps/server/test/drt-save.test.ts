/**
 * Saving DRT groups as files through the changesets save (spec 2 §4, issue 29) on drt-mielec: new files (sniffed,
 * tagged, in the scenario), overwrite with the config save's copy-on-write, the answer with id -1, refusals.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Changeset, Modification } from '@corridor/contract';
import { unsupportedFeatures } from '@corridor/engine';
import { transformer, xy } from '@corridor/geo';
import { readConfig, readDvrpFleet, readGeoPackage, readShapefile, readTransitSchedule } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok, scheduleOk, type ScenarioInputs } from './runner-client.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const MIELEC = path.join(SHARED_DATA, 'drt-mielec');
const FILES = ['mielec_drt_config.xml', 'network.xml', 'plans_only_drt_1.0.xml.gz', 'vehicles-10-cap-4.xml', 'drtstops_wLinkIds_lessStops.xml', 'mielec/mielec.shp', 'mielec/mielec.dbf', 'mielec/mielec.prj'];

let t: TestApp;
let alice: Session;
let bob: Session;
let scenarioId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  // The network is in a local metric frame: Atlantis, MATSim's plane.
  scenarioId = (await createScenario(t.app, alice, { key: 'mielec', name: 'Mielec DRT', attributes: { __crs: 'Atlantis' } })).id;
  const uploaded = await uploadOk(t.app, alice, await Promise.all(FILES.map(async (file) => ({ name: path.basename(file), content: await readFile(path.join(MIELEC, file)) }))));
  for (const file of uploaded) {
    await attach(t.app, alice, scenarioId, file.id);
    ids[file.name] = file.id;
  }
  await networkJob(t.app, alice, scenarioId);
});
afterAll(() => t?.close());

const as = (session: Session) => ({ cookie: session.cookie });
const changesets = (suffix = '') => `${API}/datasets/datasets/${scenarioId}/changesets${suffix}`;
const post = (session: Session, body: object) => t.app.inject({ method: 'POST', url: changesets('/'), headers: as(session), payload: { id: -1, ...body } });
const put = (session: Session, id: number, body: object) => t.app.inject({ method: 'PUT', url: changesets(`/${id}`), headers: as(session), payload: { id, ...body } });
const scenarioFiles = async () =>
  ok<{ files: { id: number; name: string; tag: string | null }[] }>(await t.app.inject({ url: `${API}/datasets/datasets/${scenarioId}`, headers: as(alice) }), 'scenario').files;
const bytesOf = async (fileId: number) => (await t.app.inject({ url: `${API}/datasets/files/${fileId}?dl=true`, headers: as(alice) })).rawPayload;

const vehicle = (id: string, startLinkId = '385') => ({ id, startLinkId, capacity: '6', t0: 21_600, t1: 50_400 });
const networkMod: Modification = { type: 'network/updateLink', id: '385', changes: { capacity: 1234 } };
const toWgs84 = transformer('Atlantis');

describe('DRT groups saved as files', () => {
  it('vehicles as a new file: sniffed dvrp_vehicles_v1, in the scenario, with the added and without the deleted vehicles; the changeset keeps the rest', async () => {
    const response = await post(alice, {
      name: 'More vehicles',
      modifications: [networkMod, { type: 'drt/addVehicles', vehicles: [vehicle('new_1')] }, { type: 'drt/deleteVehicles', ids: ['drt_veh_1_1'] }],
      saveOptions: { network: 'changeset', drtVehicles: 'new_file' },
      baseFile: { vehicles: ids['vehicles-10-cap-4.xml'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Changeset;
    expect(answer.id).toBeGreaterThan(0);
    expect(answer.modifications).toEqual([networkMod]);
    const created = (await scenarioFiles()).find((file) => file.name === 'vehicles-10-cap-4_copy.xml');
    expect(created).toMatchObject({ tag: 'dvrp_vehicles_v1' });
    expect(answer.baseFile).toEqual({ vehicles: created!.id });

    const fleet = await readDvrpFleet(await bytesOf(created!.id));
    const base = await readDvrpFleet(path.join(MIELEC, 'vehicles-10-cap-4.xml'));
    expect(fleet.vehicles.has('drt_veh_1_1')).toBe(false);
    expect(fleet.vehicles.get('new_1')).toEqual({ id: 'new_1', startLink: '385', t0: 21_600, t1: 50_400, capacity: 6 });
    expect(fleet.vehicles.get('drt_veh_1_2')).toEqual(base.vehicles.get('drt_veh_1_2'));
    expect(fleet.vehicles.size).toBe(10);
    // The stored changeset has no DRT modifications either.
    const stored = (await t.app.inject({ url: changesets(), headers: as(alice) })).json() as Changeset[];
    expect(stored.find((c) => c.id === answer.id)?.modifications).toEqual([networkMod]);
  });

  it('stops as a new gzip file from the stop file: untouched stops keep their coordinates, an added one is written in the CRS; a POST with only DRT changes answers id -1', async () => {
    const [lng, lat] = toWgs84(xy(1000, -2000));
    const stop = { id: 'stop_new', name: 'Stop stop_new', coordinates: [lng, lat] as [number, number], linkId: '385', isBlocking: false };
    const response = await post(alice, {
      name: 'Stops',
      modifications: [{ type: 'drt/addStops', stops: [stop] }, { type: 'drt/deleteStops', ids: ['10'] }],
      saveOptions: { drtStops: 'new_file' },
      newFileNames: { drtStops: 'stops_edited.xml.gz' },
      baseFile: { stops: ids['drtstops_wLinkIds_lessStops.xml'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Changeset;
    expect(answer).toMatchObject({ id: -1, modifications: [] });
    const created = (await scenarioFiles()).find((file) => file.name === 'stops_edited.xml.gz');
    expect(created).toMatchObject({ tag: 'transitSchedule_v2' });
    expect(answer.baseFile).toEqual({ stops: created!.id });

    const raw = await bytesOf(created!.id);
    expect([raw[0], raw[1]]).toEqual([0x1f, 0x8b]);
    const written = await readTransitSchedule(new Uint8Array(gunzipSync(raw)));
    const base = await readTransitSchedule(path.join(MIELEC, 'drtstops_wLinkIds_lessStops.xml'));
    expect(written.stops.size).toBe(base.stops.size);
    expect(written.stops.has('10')).toBe(false);
    const untouched = [...base.stops.values()].find((s) => s.id !== '10')!;
    expect(written.stops.get(untouched.id)).toEqual(untouched);
    const added = written.stops.get('stop_new')!;
    expect(added).toMatchObject({ linkRefId: '385', isBlocking: false, name: 'Stop stop_new' });
    expect(added.x).toBeCloseTo(1000, 6);
    expect(added.y).toBeCloseTo(-2000, 6);
  });

  it('a service area from the shapefile as a new GeoPackage: tag geopackage, the file reads back with the area kept and the added one', async () => {
    const ring: [number, number][] = [[19.4, 50.3], [19.41, 50.3], [19.41, 50.31], [19.4, 50.3]];
    const area = { type: 'Feature' as const, id: 'drawn', geometry: { type: 'Polygon' as const, coordinates: [ring] }, properties: { NAME: 'drawn' } };
    const response = await post(alice, {
      name: 'Area',
      modifications: [{ type: 'drt/addServiceArea', area }],
      saveOptions: { drtServiceArea: 'new_file' },
      baseFile: { serviceArea: ids['mielec.shp'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = (await scenarioFiles()).find((file) => file.name === 'mielec_copy.gpkg');
    expect(created).toMatchObject({ tag: 'geopackage' });
    expect((response.json() as Changeset).baseFile).toEqual({ serviceArea: created!.id });

    // The shapefile's parts stay in the scenario.
    expect((await scenarioFiles()).map((file) => file.name)).toEqual(expect.arrayContaining(['mielec.shp', 'mielec.dbf', 'mielec.prj']));
    const geo = await readGeoPackage(new Uint8Array(await bytesOf(created!.id)));
    const shape = await readShapefile({ shp: await readFile(path.join(MIELEC, 'mielec/mielec.shp')), dbf: await readFile(path.join(MIELEC, 'mielec/mielec.dbf')), prj: await readFile(path.join(MIELEC, 'mielec/mielec.prj')) });
    expect(geo.crs).toBe(shape.crs);
    expect(geo.features[0]).toEqual(shape.features[0]);
    expect(geo.features[1]!.properties).toEqual({ ...Object.fromEntries(Object.keys(shape.features[0]!.properties).map((key) => [key, null])), NAME: 'drawn' });
    const back = transformer(shape.crs!);
    const drawn = (geo.features[1]!.geometry.coordinates as [number, number][][])[0]!.map(([x, y]) => back(xy(x, y)));
    drawn.forEach(([lngBack, latBack], i) => {
      expect(lngBack).toBeCloseTo(ring[i]![0], 9);
      expect(latBack).toBeCloseTo(ring[i]![1], 9);
    });
  });

  it('a service area drawn without a base file is written as area.gpkg in the scenario CRS (Atlantis) and loads back in the editor', async () => {
    const ring: [number, number][] = [[-29.99, 10.01], [-29.98, 10.01], [-29.98, 10.02], [-29.99, 10.01]];
    const area = { type: 'Feature' as const, id: 1, geometry: { type: 'Polygon' as const, coordinates: [ring] }, properties: {} };
    const response = await post(alice, { name: 'Drawn', modifications: [{ type: 'drt/addServiceArea', area }], saveOptions: { drtServiceArea: 'new_file' } });
    expect(response.statusCode, response.body).toBe(200);
    const created = (await scenarioFiles()).find((file) => file.name === 'area.gpkg');
    expect(created).toMatchObject({ tag: 'geopackage' });
    const loaded = await t.app.inject({ url: `${API}/datasets/files/${created!.id}/drt`, headers: as(alice) });
    expect(loaded.statusCode, loaded.body).toBe(200);
    const data = loaded.json() as { kind: string; crs: string; areas: { geometry: { coordinates: [number, number][][] } }[] };
    expect(data).toMatchObject({ kind: 'serviceArea', crs: 'Atlantis' });
    data.areas[0]!.geometry.coordinates[0]!.forEach(([lng, lat], i) => {
      expect(lng).toBeCloseTo(ring[i]![0], 9);
      expect(lat).toBeCloseTo(ring[i]![1], 9);
    });
  });

  it('overwriting the fleet a run used: the scenario gets the new content, the run keeps the old; the next run uses the new file, and the built-in engine refuses DRT', async () => {
    const fleetId = ids['vehicles-10-cap-4.xml']!;
    const original = await bytesOf(fleetId);
    const inputs: ScenarioInputs = {
      scenarioId,
      key: 'mielec',
      files: {
        config: { id: ids['mielec_drt_config.xml']!, name: 'mielec_drt_config.xml' },
        network: { id: ids['network.xml']!, name: 'network.xml' },
        population: { id: ids['plans_only_drt_1.0.xml.gz']!, name: 'plans_only_drt_1.0.xml.gz' },
      },
    };
    const fleetInput = (id: number) => ({ file: id, name: 'vehicles-10-cap-4.xml', role: 'input' });
    const withFleet = (id: number, runId: string) => ({
      matsimRunId: runId,
      files: [
        { file: inputs.files.config.id, name: inputs.files.config.name, role: 'config' },
        { file: inputs.files.network.id, name: 'network.xml', role: 'network' },
        { file: inputs.files.population.id, name: inputs.files.population.name, role: 'population' },
        fleetInput(id),
      ],
    });
    const first = await scheduleOk(t.app, alice, inputs, withFleet(fleetId, 'before'));

    const { id } = (await post(alice, { name: 'Fleet', modifications: [networkMod] })).json() as Changeset;
    const saved = await put(alice, id, {
      name: 'Fleet',
      modifications: [networkMod, { type: 'drt/updateVehicles', vehicles: [vehicle('drt_veh_1_1', '386')] }],
      saveOptions: { network: 'changeset', drtVehicles: 'overwrite' },
      baseFile: { vehicles: fleetId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const copyId = (saved.json() as Changeset).baseFile!.vehicles!;
    expect(copyId).not.toBe(fleetId);
    expect(saved.json()).toMatchObject({ id, modifications: [networkMod] });

    const inScenario = await scenarioFiles();
    expect(inScenario.find((file) => file.name === 'vehicles-10-cap-4.xml')?.id).toBe(copyId);
    expect((await readDvrpFleet(await bytesOf(copyId))).vehicles.get('drt_veh_1_1')).toMatchObject({ startLink: '386', capacity: 6 });
    // The run's file keeps its bytes.
    expect((await bytesOf(fleetId)).equals(original)).toBe(true);
    const runFiles = ok<{ files: { id: number }[] }>(await t.app.inject({ url: `${API}/datasets/datasets/${first.datasetId}`, headers: as(alice) }), 'run').files;
    expect(runFiles.map((file) => file.id)).toContain(fleetId);

    // A new run of the scenario is given the saved fleet under the name the config's vehiclesFile names.
    const second = await scheduleOk(t.app, alice, inputs, withFleet(copyId, 'after'));
    const job = ok<{ files: { id: number; role: string; name: string }[] }>(await t.app.inject({ url: `${API}/jobs/jobs/${second.id}`, headers: as(alice) }), 'job');
    expect(job.files).toContainEqual({ id: copyId, role: 'input', name: 'vehicles-10-cap-4.xml' });
    // The built-in engine refuses the DRT config before it reads anything (as before this issue); a MATSim release runs it.
    expect(unsupportedFeatures(await readConfig(path.join(MIELEC, 'mielec_drt_config.xml')))).toContain('the multiModeDrt module (DRT, a contrib the engine does not have)');
  });

  it('overwriting a file no run uses changes it in place (same id); the editor loads the new content', async () => {
    const stopsId = ids['drtstops_wLinkIds_lessStops.xml']!;
    const drtStops = async () => ok<{ stops: unknown[] }>(await t.app.inject({ url: `${API}/datasets/files/${stopsId}/drt`, headers: as(alice) }), 'drt data').stops.length;
    expect(await drtStops()).toBe(100);
    const response = await post(alice, {
      name: 'Fewer stops',
      modifications: [{ type: 'drt/deleteStops', ids: ['100'] }],
      saveOptions: { drtStops: 'overwrite' },
      baseFile: { stops: stopsId },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: -1, baseFile: { stops: stopsId } });
    const written = await readTransitSchedule(await bytesOf(stopsId));
    expect(written.stops.has('100')).toBe(false);
    expect(written.stops.size).toBe(99);
    // The editor's loading reads the new content (the form it kept of the old one is gone).
    expect(await drtStops()).toBe(99);
  });

  it('refuses what it cannot write, naming group or item, and writes nothing', async () => {
    const files = await scenarioFiles();
    const before = files.length;
    const fleet = files.find((file) => file.name === 'vehicles-10-cap-4.xml')!.id;
    const cases: [object, number, string][] = [
      [{ saveOptions: { drtVehicles: 'overwrite' }, modifications: [{ type: 'drt/addVehicles', vehicles: [vehicle('x1')] }] }, 400, 'The DRT vehicles changes cannot overwrite a file: no vehicles file is loaded.'],
      [{ saveOptions: { drtStops: 'changeset' }, modifications: [] }, 400, 'The DRT stops changes can only be saved as a file, not into the changeset.'],
      [
        { modifications: [{ type: 'drt/deleteVehicles', ids: ['nobody'] }], baseFile: { vehicles: fleet } },
        400,
        'The DRT vehicles changes cannot be applied to the file "vehicles-10-cap-4.xml": DRT vehicle nobody not found',
      ],
      [{ modifications: [{ type: 'drt/addVehicles', vehicles: [vehicle('x2')] }], newFileNames: { drtVehicles: 'network.xml' } }, 409, 'A file named network.xml is already in this scenario'],
      [{ modifications: [{ type: 'drt/addVehicles', vehicles: [vehicle('x3')] }], baseFile: { vehicles: 999_999 } }, 404, 'is not in this scenario'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(alice, { name: 'refused', ...body });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
    }
    // Another group's user: 404, nothing written.
    const stranger = await post(bob, { name: 'x', modifications: [{ type: 'drt/addVehicles', vehicles: [vehicle('x4')] }] });
    expect(stranger.statusCode).toBe(404);
    expect((await scenarioFiles()).length).toBe(before);
    const list = (await t.app.inject({ url: changesets(), headers: as(alice) })).json() as Changeset[];
    expect(list.some((c) => c.name === 'refused')).toBe(false);
  });
});
