/**
 * Import of finished runs (issue 17): real MATSim output folders uploaded as files, attached to a run created with
 * type 'run', then runImported — the run ends FINISHED like a scheduled one, with its series, its config for
 * Compare Runs, its output tables and previews.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { INTEGRATIONS_MESSAGE, matsimLogFile, RUN_IMPORTED_TWICE, RUN_NOT_IMPORTED, type RunConfigAnswer } from '@corridor/contract';
import { getParam } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { EXPECTED_TAGS } from '../../../packages/matsim/test/expected-tags.ts';
import { insertRun } from './run-fixtures.ts';
import { addUser, attach, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let equil: { id: number; key: string };
let newwest: { id: number; key: string };

const as = (session: Session) => ({ cookie: session.cookie });
const get = (url: string, session: Session) => t.app.inject({ url: `${API}${url}`, headers: as(session) });
const post = (url: string, session: Session, payload?: unknown) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers: as(session), payload: payload as object });

async function createRun(session: Session, fields: Record<string, unknown> = {}) {
  return post('/datasets/datasets', session, {
    groupId: session.groupId,
    name: 'Imported Run',
    description: '',
    type: 'run',
    attributes: { __crs: 'EPSG:26910', __imported: true },
    ...fields,
  });
}

/** Every file below the folder (but SOURCE.md), with its path in the folder. */
async function filesOf(folder: string): Promise<{ path: string; name: string; content: Buffer }[]> {
  const out: { path: string; name: string; content: Buffer }[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name !== 'SOURCE.md') out.push({ path: path.relative(folder, file).split(path.sep).join('/'), name: entry.name, content: await readFile(file) });
  }
  return out;
}

/**
 * The import page's steps: create, upload (30 files at a time), attach, runImported. With `zipPrefix`, the folder
 * is one zip with every file under that prefix ("" for a zip made inside the folder, "runs/x/output/" for one made
 * three folders up).
 */
async function importFolder(session: Session, folder: string, name: string, zipPrefix?: string) {
  const created = await createRun(session, { name });
  expect(created.statusCode).toBe(200);
  const run = created.json() as { id: number; key: string };
  // Each file under its own name (the import page's Local tab sends no folders), or the whole folder as one zip.
  const all = await filesOf(path.join(SHARED_DATA, folder));
  const files = zipPrefix === undefined ? all : [{ name: `${folder}.zip`, content: zipBytes(all.map((f) => ({ name: `${zipPrefix}${f.path}`, content: f.content }))) }];
  for (let i = 0; i < files.length; i += 30) {
    for (const file of await uploadOk(t.app, session, files.slice(i, i + 30))) await attach(t.app, session, run.id, file.id);
  }
  const event = await post(`/datasets/datasets/${run.id}/events`, session, { timestamp: new Date().toISOString(), type: 'runImported', data: {} });
  expect(event.statusCode).toBe(200);
  return run;
}

/** Waits until the run is FINISHED or FAILED and its post-processing steps are done. */
async function settled(session: Session, runId: number) {
  for (let i = 0; i < 1200; i++) {
    const answer = (await get(`/datasets/run/${runId}`, session)).json();
    const run = answer.run;
    const done = (step: { status: string } | null) => step === null || step.status === 'FINISHED' || step.status === 'FAILED';
    if ((run.status === 'FINISHED' || run.status === 'FAILED') && done(run.postProcessRun) && done(run.postProcessVehicles) && done(run.postProcessNetwork)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${runId} did not settle`);
}

const scoreRows = async (file: string) => {
  const [header, ...lines] = (await readFile(path.join(SHARED_DATA, file), 'utf8')).trim().split('\n');
  const keys = header!.split(';').slice(1);
  return lines.flatMap((line) => {
    const [iteration, ...values] = line.split(';');
    return values.map((value, i) => [Number(iteration), Number(value), keys[i]]);
  });
};
/** Each file's tag by its name in the run, as the sniffing table says for its path in the folder. */
const expectedTags = async (folder: string, nameOf: (file: { path: string; name: string }) => string) =>
  Object.fromEntries((await filesOf(path.join(SHARED_DATA, folder))).map((f) => [nameOf(f), EXPECTED_TAGS[`${folder}/${f.path}`] ?? null]));
const tagsOf = async (runId: number) =>
  Object.fromEntries(((await get(`/datasets/datasets/${runId}`, alice)).json().files as { name: string; tag: string | null }[]).map((f) => [f.name, f.tag]));
const byIterationAndKey = (a: unknown[], b: unknown[]) => (a[0] as number) - (b[0] as number) || String(a[2]).localeCompare(String(b[2]));
const query = (session: Session, runId: number, table: string) =>
  post(`/datasets/datasets/${runId}/tables/${table}/query`, session, {
    query: { select: [{ column: table === 'memory' ? 'time' : 'iteration' }, { column: 'value' }, { column: 'key' }] },
    shape: 'RAW',
  });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  equil = await importFolder(alice, 'output-equil-2024', 'Equil');
  newwest = await importFolder(alice, 'output-newwest-2024', 'New Westminster');
  await settled(alice, equil.id);
  await settled(alice, newwest.id);
}, 180_000);

afterAll(() => t?.close());

describe('import of a finished run', () => {
  it('creates the run with a key from its name and __imported, and refuses templates', async () => {
    expect(equil.key).toBe('equil');
    const second = (await createRun(alice, { name: 'Equil' })).json();
    expect(second.key).toBe('equil-2');
    expect((await createRun(alice, { name: 'Other', key: 'equil' })).statusCode).toBe(409);
    expect((await createRun(alice, { name: 'Other', key: 'other-key' })).json().key).toBe('other-key');
    const dataset = (await get(`/datasets/datasets/${equil.id}`, alice)).json();
    expect(dataset.type).toBe('run');
    expect(dataset.attributes).toMatchObject({ __imported: true, __crs: 'EPSG:26910' });
    expect((await createRun(alice, { template: 'empty' })).statusCode).toBe(400);
    expect((await createRun(alice, { groupId: bob.groupId })).statusCode).toBe(403);
  });

  it('tags the files, and the run is FINISHED at its last iteration with the times of its log', async () => {
    const dataset = (await get(`/datasets/datasets/${equil.id}`, alice)).json();
    const tags = Object.fromEntries(dataset.files.map((f: { name: string; tag: string | null }) => [f.name, f.tag]));
    expect(tags).toMatchObject({ 'output_network.xml.gz': 'network_v2', 'output_events.xml.gz': 'events_v1', 'output_config.xml': 'config_v2', 'output_plans.xml.gz': 'population_v6' });

    const { run } = await settled(alice, equil.id);
    expect(run).toMatchObject({ status: 'FINISHED', currentIteration: 10, external: true });
    const times = Object.fromEntries(run.events.map((e: { type: string; timestamp: string }) => [e.type, e.timestamp]));
    expect(times.runStarted).toBe('2024-08-30T08:26:39.924Z');
    expect(times.runFinished).toBe('2024-08-30T08:26:50.245Z');
    expect(times.runImported).toBeDefined();
    expect(run.postProcessRun.status).toBe('FINISHED');
    expect(run.postProcessNetwork.status).toBe('FINISHED');
    expect(run.postProcessVehicles.status).toBe('FINISHED');

    const log = await get(`/datasets/sysfiles/${run.postProcessRun.logFileId}`, alice);
    expect(log.body).toContain('Read scorestats.csv');
    expect(log.body).toContain('Read logfile.log: 1 memory reading.');
    expect(log.body).toContain('Import finished at iteration 10.');
    expect(log.body).toContain('as the table output_trips');

    // The run page's log (issue 26): no runner log, so MATSim's logfile.log among the run's files, whose content is served.
    const sysfiles = (await get(`/datasets/datasets/${equil.id}/sysfiles`, alice)).json();
    expect(sysfiles.filter((f: { type: string }) => f.type === 'stdout')).toEqual([]);
    const logFile = matsimLogFile(dataset.files as { id: number; name: string }[]);
    expect(logFile?.name).toBe('logfile.log');
    const logText = await get(`/datasets/files/${logFile!.id}`, alice);
    expect([logText.statusCode, logText.body.split('\n')[0]]).toEqual([200, expect.stringContaining('INFO Gbl:64 JVM: 21.0.4')]);
  });

  it("tags every file of both runs with its data type, newwest's real-network outputs included", async () => {
    expect(await tagsOf(equil.id)).toEqual(await expectedTags('output-equil-2024', (f) => f.name));
    const tags = await tagsOf(newwest.id);
    expect(tags).toEqual(await expectedTags('output-newwest-2024', (f) => f.name));
    expect(tags).toMatchObject({
      'output_network.xml.gz': 'network_v2',
      'output_plans.xml.gz': 'population_v6',
      'plans450.xml': 'population_v6',
      'output_config.xml': 'config_v2',
      'config.xml': 'config_v2',
      'output_events.xml.gz': 'events_v1',
      'output_links.csv.gz': 'links',
      'output_trips.csv.gz': 'trips',
      'scorestats.csv': 'scorestats',
      'logfile.log': 'log',
    });
  });

  it('answers the Scores chart with one point per iteration and key equal to scorestats.csv', async () => {
    for (const [run, folder] of [
      [equil, 'output-equil-2024'],
      [newwest, 'output-newwest-2024'],
    ] as const) {
      const scores = await query(alice, run.id, 'scoreStats');
      expect(scores.statusCode).toBe(200);
      expect([...scores.json().rows].sort(byIterationAndKey)).toEqual((await scoreRows(`${folder}/scorestats.csv`)).sort(byIterationAndKey));
    }
    const modes = await query(alice, equil.id, 'modeStats');
    expect(modes.json().rows).toHaveLength(11);
    const memory = await query(alice, equil.id, 'memory');
    expect(memory.json().rows).toEqual([
      [Date.UTC(2024, 7, 30, 8, 26, 39, 940), 21 * 1024 * 1024, 'free'],
      [Date.UTC(2024, 7, 30, 8, 26, 39, 940), 77 * 1024 * 1024, 'total'],
      [Date.UTC(2024, 7, 30, 8, 26, 39, 940), 55 * 1024 * 1024, 'used'],
    ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))));
  });

  it('gives Compare Runs the two output configs, which differ', async () => {
    const configs = await Promise.all([equil, newwest].map(async (run) => (await get(`/datasets/run/${run.id}/config`, alice)).json() as RunConfigAnswer));
    expect(configs.map((c) => c.source?.name)).toEqual(['output_config.xml', 'output_config.xml']);
    const param = (c: RunConfigAnswer, module: string, name: string) => getParam(c.config!, module, name);
    expect(configs.map((c) => param(c, 'controller', 'lastIteration'))).toEqual(['10', '0']);
    expect(configs.map((c) => param(c, 'global', 'coordinateSystem'))).toEqual(['Atlantis', 'EPSG:26910']);
  });

  it("lists the runs as FINISHED for the team, and another team's user gets 404", async () => {
    const runs = (await get(`/datasets/runs?groupId=${alice.groupId}`, alice)).json() as { id: number; status: string }[];
    expect(runs.filter((r) => r.id === equil.id || r.id === newwest.id).map((r) => r.status)).toEqual(['FINISHED', 'FINISHED']);
    expect((await get(`/datasets/run/${equil.id}`, bob)).statusCode).toBe(404);
    expect((await get(`/datasets/datasets/${equil.id}`, bob)).statusCode).toBe(404);
    expect((await post(`/datasets/datasets/${equil.id}/events`, bob, { type: 'runImported' })).statusCode).toBe(404);
  });

  it('takes runImported once, and only for imported runs', async () => {
    expect((await post(`/datasets/datasets/${equil.id}/events`, alice, { type: 'runImported' })).json().message).toBe(RUN_IMPORTED_TWICE);
    const scheduled = await insertRun(t, { owner: alice, key: 'scheduled' });
    const refused = await post(`/datasets/datasets/${scheduled.id}/events`, alice, { type: 'runImported' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, RUN_NOT_IMPORTED]);
    expect((await post(`/datasets/datasets/${equil.id}/events`, alice, { type: 'runStarted' })).statusCode).toBe(400);
  });

  it('ends an import without files FAILED, saying what a MATSim output folder holds', async () => {
    const run = (await createRun(alice, { name: 'Empty' })).json();
    expect((await post(`/datasets/datasets/${run.id}/events`, alice, { type: 'runImported', data: {} })).statusCode).toBe(200);
    const { run: state } = await settled(alice, run.id);
    expect(state).toMatchObject({ status: 'FAILED', currentIteration: -1 });
    const message = (await get(`/datasets/run/${run.id}`, alice)).json().run.message as string;
    expect(message).toContain('These files are not a MATSim run');
    expect(message).toContain('and the run has no files.');
  });

  it('imports the output folder as one zip: expanded into the run with its folders, then the same series', async () => {
    const zipped = await importFolder(alice, 'output-equil-2024', 'Equil zipped', '');
    const { run } = await settled(alice, zipped.id);
    expect(run).toMatchObject({ status: 'FINISHED', currentIteration: 10 });
    const names = ((await get(`/datasets/datasets/${zipped.id}`, alice)).json().files as { name: string }[]).map((f) => f.name);
    expect(names).toContain('ITERS/it.10/10.events.xml.gz');
    expect(names).toContain('scorestats.csv');
    expect(names.filter((n) => n.endsWith('.zip'))).toEqual([]);
    const scores = await query(alice, zipped.id, 'scoreStats');
    expect([...scores.json().rows].sort(byIterationAndKey)).toEqual((await scoreRows('output-equil-2024/scorestats.csv')).sort(byIterationAndKey));
    expect(await tagsOf(zipped.id)).toEqual(await expectedTags('output-equil-2024', (f) => f.path));
  });

  it('imports newwest zipped three folders up: the shared folders are dropped, the files tagged, the same scores', async () => {
    const zipped = await importFolder(alice, 'output-newwest-2024', 'New Westminster zipped', 'runs/newwest/output/');
    const { run } = await settled(alice, zipped.id);
    expect(run).toMatchObject({ status: 'FINISHED', currentIteration: 0 });
    expect(await tagsOf(zipped.id)).toEqual(await expectedTags('output-newwest-2024', (f) => f.path));
    const scores = await query(alice, zipped.id, 'scoreStats');
    expect(scores.json().rows.length).toBeGreaterThan(0);
    expect([...scores.json().rows].sort(byIterationAndKey)).toEqual([...(await query(alice, newwest.id, 'scoreStats')).json().rows].sort(byIterationAndKey));
    expect([...scores.json().rows].sort(byIterationAndKey)).toEqual((await scoreRows('output-newwest-2024/scorestats.csv')).sort(byIterationAndKey));
  });

  it('ends the import FAILED with the refusal when a zip is refused (zip slip), nothing of it left in the run', async () => {
    const run = (await createRun(alice, { name: 'Slip' })).json();
    const [zip] = await uploadOk(t.app, alice, [{ name: 'outputs.zip', content: zipBytes([{ name: 'scorestats.csv', content: 'iteration;avg_executed\n0;1\n' }, { name: '../evil.txt', content: 'x' }]) }]);
    await attach(t.app, alice, run.id, zip!.id);
    expect((await post(`/datasets/datasets/${run.id}/events`, alice, { type: 'runImported' })).statusCode).toBe(200);
    const { run: state } = await settled(alice, run.id);
    expect(state.status).toBe('FAILED');
    expect(state.message).toContain('outputs.zip was refused');
    expect(state.postProcessRun.status).toBe('FAILED');
    const log = await get(`/datasets/sysfiles/${state.postProcessRun.logFileId}`, alice);
    expect(log.body).toContain('Import failed: The archive outputs.zip was refused');
    const names = ((await get(`/datasets/datasets/${run.id}`, alice)).json().files as { name: string }[]).map((f) => f.name);
    expect(names).toEqual(['outputs.zip']);
  });

  it('answers the client library downloads with 404 and the watch client', async () => {
    const jar = await t.app.inject({ url: `${API}/datasets/integrations/matsim-2025.0.jar` });
    expect(jar.statusCode).toBe(404);
    expect(jar.json().message).toBe(INTEGRATIONS_MESSAGE);
  });
});
