/**
 * Issue 24, coordinates: the CRS detected from a config's global.coordinateSystem and a network's
 * coordinateReferenceSystem attribute when files enter a scenario or an imported run (and set when there is none,
 * never over the user's), the networks processed again when the CRS changes, and the plausibility check of
 * processed coordinates.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { buildApp } from '../src/app.ts';
import { crsNamedIn, networkHeadCrs } from '../src/modules/crs/detect.ts';
import { DatasetsRepository } from '../src/modules/datasets/repository.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;

const data = (file: string) => readFile(path.join(SHARED_DATA, file));
const get = (url: string) => t.app.inject({ url: `${API}${url}`, headers: { cookie: alice.cookie } });
const dataset = async (id: number) => (await get(`/datasets/datasets/${id}`)).json() as { attributes: Record<string, unknown> };
const info = async (fileId: number) => (await get(`/datasets/files/${fileId}/d/network-info/info.json`)).json() as Record<string, unknown> & { centerLat: number; centerLon: number };

async function uploadTo(datasetId: number, name: string, file: string): Promise<number> {
  const [uploaded] = await uploadOk(t.app, alice, [{ name, content: await data(file) }]);
  await attach(t.app, alice, datasetId, uploaded!.id);
  return uploaded!.id;
}

async function setCrs(id: number, crs: string | null) {
  const current = (await get(`/datasets/datasets/${id}`)).json();
  const response = await t.app.inject({
    method: 'PUT',
    url: `${API}/datasets/datasets/${id}`,
    headers: { cookie: alice.cookie },
    payload: { name: current.name, key: current.key, description: current.description, attributes: { __crs: crs } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

let keys = 0;
const scenario = (attributes: Record<string, unknown> = {}) => createScenario(t.app, alice, { key: `coordinates-${++keys}`, attributes });

beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t.app, await setupAdmin(t.app), 'alice');
}, 60_000);
afterAll(() => t?.close());

describe('GET /datasets/crs', () => {
  it('finds MATSim’s names: "GK4" answers EPSG:31468 first', async () => {
    const answer = await get('/datasets/crs?q=GK4');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()[0]).toEqual({ code: 'EPSG:31468', name: 'DHDN / 3-degree Gauss-Kruger zone 4 (MATSim GK4)' });
    expect((await get('/datasets/crs?q=CH1903_LV03_Plus')).json()[0].code).toBe('EPSG:2056');
    expect((await get('/datasets/crs?q=epsg%20%3A%2026910')).json()[0].code).toBe('EPSG:26910');
  });
});

describe('reading the CRS a file names', () => {
  it('reads global.coordinateSystem from configs, MATSim names resolved', async () => {
    expect(await crsNamedIn('config_v2', () => path.join(SHARED_DATA, 'berlin-medium/config.xml'))).toEqual({
      value: 'GK4',
      field: 'global.coordinateSystem',
      code: 'EPSG:31468',
      name: 'DHDN / 3-degree Gauss-Kruger zone 4',
    });
    expect(await crsNamedIn('config_v2', () => path.join(SHARED_DATA, 'output-newwest-2024/output_config.xml'))).toMatchObject({ value: 'EPSG:26910', code: 'EPSG:26910' });
    expect(await crsNamedIn('config_v2', () => path.join(SHARED_DATA, 'equil/config.xml'))).toMatchObject({ value: 'Atlantis', code: 'Atlantis' });
  });

  it('reads a network’s coordinateReferenceSystem attribute from its head', async () => {
    expect(await crsNamedIn('network_v2', () => path.join(SHARED_DATA, 'output-newwest-2024/output_network.xml.gz'))).toMatchObject({
      value: 'EPSG:26910',
      field: 'coordinateReferenceSystem',
      code: 'EPSG:26910',
    });
    expect(await crsNamedIn('network_v1', () => path.join(SHARED_DATA, 'equil/network.xml'))).toBeNull();
    expect(networkHeadCrs('<network><nodes><node id="1" x="0" y="0"/></nodes><attributes><attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:1</attribute></attributes>')).toBeUndefined();
  });

  it('keeps an unknown name, without a code', async () => {
    const config = '<?xml version="1.0"?><!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd"><config><module name="global"><param name="coordinateSystem" value="GK99"/></module></config>';
    expect(await crsNamedIn('config_v2', () => new TextEncoder().encode(config))).toEqual({ value: 'GK99', field: 'global.coordinateSystem', code: null, name: null });
  });
});

describe('detection when files enter a scenario', () => {
  it('sets the CRS of a scenario without one from its config (GK4) and processes its network there: Berlin', async () => {
    const s = await scenario();
    const network = await uploadTo(s.id, 'network.xml.gz', 'berlin-medium/network.xml.gz');
    await uploadTo(s.id, 'config.xml', 'berlin-medium/config.xml');
    const { attributes } = await dataset(s.id);
    expect(attributes.__crs).toBe('EPSG:31468');
    expect(attributes.__crsDetected).toMatchObject({ value: 'GK4', field: 'global.coordinateSystem', fileName: 'config.xml', code: 'EPSG:31468', applied: true });
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    const placed = await info(network);
    expect(placed.problem).toBeUndefined();
    expect(placed.crs).toBe('EPSG:31468');
    expect(placed.centerLon).toBeGreaterThan(12.8);
    expect(placed.centerLon).toBeLessThan(14.2);
    expect(placed.centerLat).toBeGreaterThan(52);
    expect(placed.centerLat).toBeLessThan(53);
  }, 120_000);

  it('never overwrites the CRS the user chose; the detection is kept to be offered', async () => {
    const s = await scenario({ __crs: 'EPSG:25833' });
    await uploadTo(s.id, 'config.xml', 'berlin-medium/config.xml');
    const { attributes } = await dataset(s.id);
    expect(attributes.__crs).toBe('EPSG:25833');
    expect(attributes.__crsDetected).toMatchObject({ value: 'GK4', code: 'EPSG:31468', applied: false });
  });

  it('does not let a client write the detection', async () => {
    const s = await scenario();
    await setCrs(s.id, 'EPSG:4326');
    const current = (await get(`/datasets/datasets/${s.id}`)).json();
    await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${s.id}`,
      headers: { cookie: alice.cookie },
      payload: { name: current.name, key: current.key, description: '', attributes: { __crsDetected: { value: 'x' } } },
    });
    expect((await dataset(s.id)).attributes.__crsDetected).toBeUndefined();
  });
});

describe('a CRS change processes the networks again', () => {
  it('moves info.json’s centre with the CRS (equil: Atlantis, then EPSG:3857)', async () => {
    const s = await scenario({ __crs: 'Atlantis' });
    const network = await uploadTo(s.id, 'network.xml', 'equil/network.xml');
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    const atlantis = await info(network);
    expect(atlantis).toMatchObject({ crs: 'Atlantis', plane: true });
    expect(atlantis.centerLon).toBeCloseTo(-30.07, 1);
    expect(atlantis.centerLat).toBeCloseTo(9.98, 1);

    await setCrs(s.id, 'EPSG:3857');
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    const mercator = await info(network);
    expect(mercator.crs).toBe('EPSG:3857');
    expect(mercator.plane).toBeUndefined();
    expect(mercator.centerLon).toBeCloseTo(-0.07, 1);
    expect(mercator.centerLat).toBeCloseTo(-0.02, 1);

    // The map editor's query reads the new binary form too.
    const answer = await t.app.inject({ method: 'POST', url: `${API}/datasets/network/${network}/query`, headers: { cookie: alice.cookie }, payload: { type: 'Data', filters: { bbox: [-1, -1, 1, 1] } } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().features.length).toBeGreaterThan(0);
  }, 60_000);

  it('builds the map forms again after a restart between the CRS change and its job', async () => {
    const s = await scenario({ __crs: 'Atlantis' });
    const network = await uploadTo(s.id, 'network.xml', 'equil/network.xml');
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    // What a server stopped right after the change leaves: the new CRS and its job, queued, marked as a rebuild.
    const job = { status: 'CREATED', fileId: network, updated: new Date().toISOString(), rebuild: true };
    await new DatasetsRepository(t.database.db).patchAttributes(s.id, { __crs: 'EPSG:3857', networkPostProcessingJob: job });
    const restarted = await buildApp({ config: t.config, db: t.database.db, logger: false });
    await restarted.ready();
    try {
      expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
      expect(await info(network)).toMatchObject({ crs: 'EPSG:3857' });
    } finally {
      await restarted.close();
    }
  }, 60_000);
});

describe('plausibility of processed coordinates', () => {
  it('says the coordinates do not fit the CRS when metres are read as degrees (EPSG:4326)', async () => {
    const s = await scenario({ __crs: 'EPSG:4326' });
    const network = await uploadTo(s.id, 'network.xml', 'equil/network.xml');
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    expect((await info(network)).problem).toEqual({
      kind: 'outside',
      crs: 'EPSG:4326',
      message: "These coordinates do not fit EPSG:4326 — choose the scenario's coordinate system.",
    });
  });

  it('asks for the scenario’s coordinate system when there is none and the coordinates are metres', async () => {
    const s = await scenario();
    const network = await uploadTo(s.id, 'network.xml', 'equil/network.xml');
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    const placed = await info(network);
    expect(placed.problem).toMatchObject({ kind: 'no-crs', crs: null, message: expect.stringContaining("choose the scenario's coordinate system") });
    // Choosing it clears the problem.
    await setCrs(s.id, 'Atlantis');
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    expect((await info(network)).problem).toBeUndefined();
  });

  it('names a CRS the catalogue does not know instead of failing the processing', async () => {
    const s = await scenario({ __crs: 'GK99' });
    const network = await uploadTo(s.id, 'network.xml', 'equil/network.xml');
    expect(await networkJob(t.app, alice, s.id)).toMatchObject({ status: 'FINISHED' });
    expect((await info(network)).problem).toMatchObject({ kind: 'unknown', crs: 'GK99', message: expect.stringContaining('"GK99"') });
  });
});

describe('detection on run import', () => {
  const createRun = async (attributes: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets`,
      headers: { cookie: alice.cookie },
      payload: { groupId: alice.groupId, name: 'Imported Run', description: '', type: 'run', attributes },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number };
  };

  it('takes the run’s CRS from output_config.xml when none was given (New Westminster: EPSG:26910)', async () => {
    const run = await createRun({});
    await uploadTo(run.id, 'output_config.xml', 'output-newwest-2024/output_config.xml');
    const { attributes } = await dataset(run.id);
    expect(attributes.__crs).toBe('EPSG:26910');
    expect(attributes.__crsDetected).toMatchObject({ value: 'EPSG:26910', fileName: 'output_config.xml', field: 'global.coordinateSystem', applied: true });
  });

  it('finds output_config.xml inside an imported zip', async () => {
    const run = await createRun({});
    const content = zipBytes([
      { name: 'output/output_config.xml', content: await data('output-equil-2024/output_config.xml') },
      { name: 'output/modestats.csv', content: await data('output-equil-2024/modestats.csv') },
    ]);
    const [zip] = await uploadOk(t.app, alice, [{ name: 'output.zip', content }]);
    await attach(t.app, alice, run.id, zip!.id);
    const event = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${run.id}/events`, headers: { cookie: alice.cookie }, payload: { timestamp: new Date().toISOString(), type: 'runImported', data: {} } });
    expect(event.statusCode, event.body).toBe(200);
    let attributes: Record<string, unknown> = {};
    for (let i = 0; i < 400 && attributes.__crs === undefined; i++) {
      attributes = (await dataset(run.id)).attributes;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(attributes.__crs).toBe('Atlantis');
    expect(attributes.__crsDetected).toMatchObject({ value: 'Atlantis', fileName: expect.stringContaining('output_config.xml'), applied: true });
  }, 60_000);
});
