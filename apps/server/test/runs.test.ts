import { access } from 'node:fs/promises';
import path from 'node:path';
import { RUN_DELETE_ACTIVE } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { insertRun, sampleSeries } from './run-fixtures.ts';
import { addUser, attach, createScenario, filesBelow, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start(): Promise<{ admin: string; alice: Session; bob: Session; carol: Session }> {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return {
    admin,
    alice: await addUser(t.app, admin, 'alice'),
    bob: await addUser(t.app, admin, 'bob'),
    carol: await addUser(t.app, admin, 'carol'),
  };
}

const as = (session: Session) => ({ cookie: session.cookie });
const get = (url: string, session: Session) => t.app.inject({ url: `${API}${url}`, headers: as(session) });
const query = (session: Session, runId: number, table: string, body: object) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${runId}/tables/${table}/query`, headers: as(session), payload: body });
const select = (...columns: string[]) => columns.map((column) => ({ column }));

/** Alice's scenario Berlin and a finished run of it with a log, events and series. */
async function finishedRun(alice: Session) {
  const scenario = await createScenario(t.app, alice, { key: 'berlin', name: 'Berlin', attributes: { __crs: 'EPSG:25832' } });
  const started = new Date('2026-05-01T10:00:00.000Z');
  const finished = new Date('2026-05-01T10:05:00.000Z');
  const run = await insertRun(t, {
    owner: alice,
    key: 'berlin_1',
    name: 'Berlin Run 1',
    description: 'first try',
    scenarioId: scenario.id,
    attributes: {
      __crs: 'EPSG:25832',
      postProcessRun: { status: 'FAILED', updated: finished.toISOString(), logFileId: 77 },
      networkPostProcessingJob: { status: 'FINISHED', fileId: 5, updated: finished.toISOString() },
    },
    job: { status: 'FINISHED', currentIteration: 10, started, finished, lastUpdated: finished, exitCode: 0 },
    log: { text: 'ITERATION 0 BEGINS\nITERATION 1 BEGINS\n' },
    events: [
      { type: 'runStarted', status: 'STARTED', timestamp: started },
      { type: 'runFinished', status: 'FINISHED', timestamp: finished },
    ],
    series: sampleSeries(),
  });
  return { scenario, run, started, finished };
}

/** Grants a user access to a dataset (the owner's call). */
async function grant(owner: Session, datasetId: number, grantee: Session) {
  const response = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${datasetId}/users`, headers: as(owner), payload: { username: grantee.username } });
  expect(response.statusCode).toBe(200);
}

describe('run list', () => {
  it("lists the caller's runs newest first with status and scenario; others see none", async () => {
    const { alice, bob } = await start();
    const { scenario, run } = await finishedRun(alice);
    const imported = await insertRun(t, { owner: alice, key: 'imported', name: 'Imported run', job: null });
    const running = await insertRun(t, { owner: alice, key: 'berlin_2', scenarioId: scenario.id, job: { status: 'STARTED', currentIteration: 3 } });

    const list = await get('/datasets/runs', alice);
    expect(list.statusCode).toBe(200);
    const runs = list.json();
    expect(runs.map((r: { id: number }) => r.id)).toEqual([running.id, imported.id, run.id]);
    expect(runs[2]).toEqual({
      id: run.id,
      key: 'berlin_1',
      name: 'Berlin Run 1',
      description: 'first try',
      status: 'FINISHED',
      created: expect.any(String),
      groupId: alice.groupId,
      groupName: 'alice',
      scenario: { id: scenario.id, key: 'berlin', name: 'Berlin', groupName: 'alice' },
      labels: [],
      origin: 'scheduled',
    });
    expect(runs[1]).toMatchObject({ name: 'Imported run', status: null, scenario: null });
    expect(runs[0]).toMatchObject({ status: 'STARTED' });

    expect((await get('/datasets/runs', bob)).json()).toEqual([]);
    // Another user's group is not theirs to list (issue 26): 404, as for a group that does not exist.
    expect((await get(`/datasets/runs?groupId=${bob.groupId}`, alice)).statusCode).toBe(404);
    expect((await get('/datasets/runs?groupId=999999', alice)).statusCode).toBe(404);
    expect((await get(`/datasets/runs?groupId=${alice.groupId}`, alice)).json()).toHaveLength(3);
    expect((await t.app.inject({ url: `${API}/datasets/runs` })).statusCode).toBe(401);
    // Scenarios are not runs.
    expect(runs.some((r: { id: number }) => r.id === scenario.id)).toBe(false);
  });

  it("lists a team's runs for its members and administrators; others get 404 even for a run shared with them", async () => {
    const { admin, alice, bob, carol } = await start();
    const team = (await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: as(alice), payload: { name: 'lab' } })).json();
    expect((await t.app.inject({ method: 'POST', url: `${API}/accounts/groups/${team.id}/users`, headers: as(alice), payload: { username: 'bob' } })).statusCode).toBeLessThan(300);
    const teamRun = await insertRun(t, { owner: alice, groupId: team.id, key: 'lab_1', name: 'Lab Run', job: null });
    await insertRun(t, { owner: alice, key: 'own_1', name: 'Own Run', job: null });
    await grant(alice, teamRun.id, carol);

    const ids = (response: { json: () => { id: number }[] }) => response.json().map((r) => r.id);
    expect(ids(await get(`/datasets/runs?groupId=${team.id}`, alice))).toEqual([teamRun.id]);
    const forBob = await get(`/datasets/runs?groupId=${team.id}`, bob);
    expect(forBob.statusCode).toBe(200);
    expect(forBob.json()).toEqual([expect.objectContaining({ id: teamRun.id, groupName: 'lab' })]);
    expect(ids(await t.app.inject({ url: `${API}/datasets/runs?groupId=${team.id}`, headers: { cookie: admin } }))).toEqual([teamRun.id]);
    // Carol was granted the run but is no member of the team: the team's list is not hers; her own list has the run.
    expect((await get(`/datasets/runs?groupId=${team.id}`, carol)).statusCode).toBe(404);
    expect(ids(await get('/datasets/runs', carol))).toEqual([teamRun.id]);
  });

  it('shows the status of the latest job and no scenario once the scenario is deleted', async () => {
    const { alice } = await start();
    const { scenario, run } = await finishedRun(alice);
    // A second job of the same run (a restart): the newest one decides the status.
    await t.database.db.insert(jobs).values({ name: 'again', datasetId: run.id, groupId: alice.groupId, status: 'SUBMITTED', command: '$ENGINE $CONFIG $ARGS' });
    expect((await get('/datasets/runs', alice)).json()[0]).toMatchObject({ id: run.id, status: 'SUBMITTED' });

    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${scenario.id}`, headers: as(alice) });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/datasets/runs', alice)).json()[0]).toMatchObject({ id: run.id, scenario: null });
    expect((await get(`/datasets/run/${run.id}`, alice)).json()).toMatchObject({ scenarioId: null, scenario: null });
  });
});

describe('run details', () => {
  it('answers the dataset, files, status, scenario, CRS name and run state', async () => {
    const { alice } = await start();
    const { scenario, run, started, finished } = await finishedRun(alice);
    const [output] = await uploadOk(t.app, alice, [{ name: 'scorestats.csv', content: 'iteration;avg_executed\n0;100.5\n' }]);
    await attach(t.app, alice, run.id, output!.id);

    const response = await get(`/datasets/run/${run.id}`, alice);
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details).toMatchObject({
      id: run.id,
      type: 'run',
      key: 'berlin_1',
      name: 'Berlin Run 1',
      description: 'first try',
      groupId: alice.groupId,
      groupName: 'alice',
      status: 'FINISHED',
      scenarioId: scenario.id,
      scenario: { id: scenario.id, key: 'berlin', name: 'Berlin', groupName: 'alice' },
      crsDisplayName: expect.stringContaining('UTM zone 32N'),
      jobId: run.jobId,
      labels: [],
    });
    expect(details.files).toEqual([expect.objectContaining({ id: output!.id, name: 'scorestats.csv', usages: [{ id: run.id, name: 'Berlin Run 1' }] })]);
    expect(details.run).toEqual({
      status: 'FINISHED',
      currentIteration: 10,
      timestamp: finished.toISOString(),
      external: false,
      events: [
        { type: 'runStarted', status: 'STARTED', timestamp: started.toISOString() },
        { type: 'runFinished', status: 'FINISHED', timestamp: finished.toISOString() },
      ],
      postProcessRun: { status: 'FAILED', logFileId: 77, fileId: null, logFile: null, message: null },
      postProcessNetwork: { status: 'FINISHED', logFileId: null, fileId: 5, logFile: null, message: null },
      postProcessVehicles: null,
      message: null,
      exitCode: 0,
      waitingFor: null,
    });
  });

  it('marks an imported run as external, without status, CRS or post-processing', async () => {
    const { alice } = await start();
    const imported = await insertRun(t, { owner: alice, name: 'Imported', job: null, attributes: { __imported: true } });
    const details = (await get(`/datasets/run/${imported.id}`, alice)).json();
    expect(details).toMatchObject({ status: null, jobId: null, scenarioId: null, scenario: null, crsDisplayName: null, files: [] });
    expect(details.run).toMatchObject({ status: null, currentIteration: -1, external: true, events: [], postProcessRun: null, postProcessNetwork: null, postProcessVehicles: null });

    // A scheduled run that has not started yet: not external, iteration -1, failure reason shown when it fails.
    const failed = await insertRun(t, { owner: alice, job: { status: 'FAILED', message: 'The config names a missing file.', exitCode: 1 } });
    expect((await get(`/datasets/run/${failed.id}`, alice)).json().run).toMatchObject({
      status: 'FAILED',
      external: false,
      currentIteration: -1,
      message: 'The config names a missing file.',
      exitCode: 1,
    });
  });

  it('answers 404 for a scenario id, another group and unknown ids; a granted user can read', async () => {
    const { alice, bob, carol } = await start();
    const { scenario, run } = await finishedRun(alice);
    expect((await get(`/datasets/run/${scenario.id}`, alice)).statusCode).toBe(404);
    expect((await get(`/datasets/run/${run.id}`, bob)).statusCode).toBe(404);
    expect((await get('/datasets/run/999999', alice)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/datasets/run/${run.id}` })).statusCode).toBe(401);

    await grant(alice, run.id, carol);
    const granted = await get(`/datasets/run/${run.id}`, carol);
    expect(granted.statusCode).toBe(200);
    // Carol sees the run but not Alice's scenario, so the run names no scenario for her.
    expect(granted.json()).toMatchObject({ id: run.id, status: 'FINISHED', scenario: null });
    expect((await get('/datasets/runs', carol)).json().map((r: { id: number }) => r.id)).toEqual([run.id]);
  });
});

describe('system files', () => {
  it('lists the log and serves only its committed bytes as text; ?dl=1 downloads it', async () => {
    const { alice } = await start();
    const text = 'ITERATION 0 BEGINS\nhalf-written li';
    const run = await insertRun(t, { owner: alice, job: { status: 'STARTED' }, log: { text, committed: 19, name: 'berlin.log' } });

    const list = await get(`/datasets/datasets/${run.id}/sysfiles`, alice);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: run.systemFileId, type: 'stdout', name: 'berlin.log', size: 19, modified: expect.any(String) }]);

    const shown = await get(`/datasets/sysfiles/${run.systemFileId}`, alice);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(shown.headers['content-disposition']).toBeUndefined();
    expect(shown.body).toBe('ITERATION 0 BEGINS\n');

    const download = await get(`/datasets/sysfiles/${run.systemFileId}?dl=1`, alice);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="berlin.log"; filename*=UTF-8''berlin.log`);
    expect(download.body).toBe('ITERATION 0 BEGINS\n');
  });

  it('answers 404 to another group, 200 to a granted user, 404 for unknown ids', async () => {
    const { alice, bob, carol } = await start();
    const run = await insertRun(t, { owner: alice, log: { text: 'done\n' } });
    expect((await get(`/datasets/datasets/${run.id}/sysfiles`, bob)).statusCode).toBe(404);
    const refused = await get(`/datasets/sysfiles/${run.systemFileId}`, bob);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('The system file could not be found.');
    expect((await get('/datasets/sysfiles/999999', alice)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/datasets/sysfiles/${run.systemFileId}` })).statusCode).toBe(401);

    await grant(alice, run.id, carol);
    expect((await get(`/datasets/sysfiles/${run.systemFileId}`, carol)).body).toBe('done\n');
    expect((await get(`/datasets/datasets/${run.id}/sysfiles`, carol)).json()).toHaveLength(1);
  });
});

describe('run tables', () => {
  it("lists the caller's runs with the tables that have rows", async () => {
    const { alice, bob } = await start();
    const { run } = await finishedRun(alice);
    await insertRun(t, { owner: alice, key: 'no-series' });

    const tables = await get('/datasets/tables', alice);
    expect(tables.statusCode).toBe(200);
    expect(tables.json()).toEqual({
      datasets: [{ id: run.id, name: 'Berlin Run 1', datasetType: 2, groupId: alice.groupId }],
      tables: {
        [run.id]: [
          {
            name: 'memory',
            userFileId: null,
            fields: [
              { name: 'time', type: 'DOUBLE' },
              { name: 'value', type: 'DOUBLE' },
              { name: 'key', type: 'STRING' },
            ],
          },
          {
            name: 'scoreStats',
            userFileId: null,
            fields: [
              { name: 'iteration', type: 'LONG' },
              { name: 'value', type: 'DOUBLE' },
              { name: 'key', type: 'STRING' },
            ],
          },
        ],
      },
    });
    expect((await get('/datasets/tables', bob)).json()).toEqual({ datasets: [], tables: {} });
  });

  it('answers the overview charts: memory without free, scores per iteration', async () => {
    const { alice } = await start();
    const { run } = await finishedRun(alice);
    const memory = await query(alice, run.id, 'memory', {
      query: { select: select('time', 'value', 'key'), where: [{ column: 'key', is: '!=', value: 'free' }] },
      shape: 'RAW',
    });
    expect(memory.statusCode).toBe(200);
    expect(memory.json()).toEqual({
      columns: ['time', 'value', 'key'],
      rows: [
        [1000, 8e9, 'total'],
        [1000, 2e9, 'used'],
        [2000, 8e9, 'total'],
        [2000, 3e9, 'used'],
      ],
    });

    const scores = await query(alice, run.id, 'scoreStats', { query: { select: select('iteration', 'value', 'key') }, shape: 'RAW' });
    expect(scores.json()).toEqual({
      columns: ['iteration', 'value', 'key'],
      rows: [
        [0, 110, 'avg_best'],
        [0, 100.5, 'avg_executed'],
        [1, 112, 'avg_best'],
        [1, 105.25, 'avg_executed'],
      ],
    });

    // A run table without rows yet (no mode statistics so far) answers no rows.
    const modes = await query(alice, run.id, 'modeStats', { query: { select: select('iteration', 'value', 'key') }, shape: 'RAW' });
    expect(modes.json()).toEqual({ columns: ['iteration', 'value', 'key'], rows: [] });
  });

  it('filters with in / not in and comparisons, and aggregates per group', async () => {
    const { alice } = await start();
    const { run } = await finishedRun(alice);
    const rows = async (body: object, table = 'memory') => {
      const response = await query(alice, run.id, table, body);
      expect(response.statusCode).toBe(200);
      return response.json().rows;
    };
    expect(await rows({ query: { select: select('key', 'value'), where: [{ column: 'key', is: 'in', value: 'used, total' }, { column: 'time', is: '>=', value: '2000' }] }, shape: 'RAW' })).toEqual([
      ['total', 8e9],
      ['used', 3e9],
    ]);
    expect(await rows({ query: { select: select('value'), where: [{ column: 'key', is: 'not in', value: 'used,total' }, { column: 'time', is: '<', value: 2000 }] }, shape: 'RAW' })).toEqual([[6e9]]);
    expect(
      await rows({
        query: { select: [{ column: 'key' }, { column: 'value', aggregation: 'AVG' }, { column: 'value', aggregation: 'COUNT' }], groupBy: [{ column: 'key' }] },
        shape: 'RAW',
      }),
    ).toEqual([
      ['free', 5.5e9, 2],
      ['total', 8e9, 2],
      ['used', 2.5e9, 2],
    ]);
    expect(
      await rows({ query: { select: [{ column: 'iteration' }, { column: 'value', aggregation: 'MAX' }], groupBy: [{ column: 'iteration' }] }, shape: 'RAW' }, 'scoreStats'),
    ).toEqual([
      [0, 110],
      [1, 112],
    ]);
  });

  it('refuses unknown tables and columns, shapes without their columns, and callers who cannot read the run', async () => {
    const { alice, bob, carol } = await start();
    const { scenario, run } = await finishedRun(alice);
    const raw = { query: { select: select('time', 'value') }, shape: 'RAW' };

    const unknownTable = await query(alice, run.id, 'trips', raw);
    expect(unknownTable.statusCode).toBe(404);
    expect(unknownTable.json().message).toBe('There is no table trips in this dataset.');
    expect((await query(alice, scenario.id, 'memory', raw)).statusCode).toBe(404);

    const unknownColumn = await query(alice, run.id, 'memory', { query: { select: select('iteration') }, shape: 'RAW' });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().message).toBe('There is no column iteration in the table memory.');
    const unknownFilter = await query(alice, run.id, 'memory', { query: { select: select('time'), where: [{ column: 'mode', is: '=', value: 'car' }] }, shape: 'RAW' });
    expect(unknownFilter.json().message).toBe('There is no column mode in the table memory.');

    // Run tables take the other shapes too (one query engine for every table), with their rules.
    const box = await query(alice, run.id, 'memory', { query: { select: select('value'), groupBy: [{ column: 'key' }] }, shape: 'BOXPLOT' });
    expect(box.statusCode).toBe(200);
    expect(box.json().columns).toEqual(['group', 'min', 'q1', 'median', 'q3', 'max']);
    const pivot = await query(alice, run.id, 'memory', { ...raw, shape: 'PIVOT' });
    expect(pivot.statusCode).toBe(400);
    expect(pivot.json().message).toBe('PIVOT needs one or two group-by columns: rows, then series.');
    const notNumber = await query(alice, run.id, 'memory', { query: { select: select('time'), where: [{ column: 'time', is: '>', value: 'soon' }] }, shape: 'RAW' });
    expect(notNumber.statusCode).toBe(400);

    expect((await query(bob, run.id, 'memory', raw)).statusCode).toBe(404);
    await grant(alice, run.id, carol);
    expect((await query(carol, run.id, 'memory', raw)).json().rows).toHaveLength(6);
  });
});

describe('run deletion', () => {
  it('previews and deletes: own files, series and log go; files another dataset uses stay', async () => {
    const { alice } = await start();
    const { scenario, run, started, finished } = await finishedRun(alice);
    const [network, output] = await uploadOk(t.app, alice, [
      { name: 'network.xml', content: '<network/>' },
      { name: 'output_events.xml', content: '<events/>' },
    ]);
    await attach(t.app, alice, scenario.id, network!.id);
    await attach(t.app, alice, run.id, network!.id);
    await attach(t.app, alice, run.id, output!.id);

    const preview = await get(`/datasets/runs/${run.id}/deletion`, alice);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      started: started.toISOString(),
      finished: finished.toISOString(),
      deleted: [{ id: output!.id, name: 'output_events.xml', size: 9 }],
      kept: [{ id: network!.id, name: 'network.xml', usages: [{ id: scenario.id, name: 'Berlin' }] }],
      seriesCount: 10,
      tables: ['memory', 'scoreStats'],
      active: false,
    });

    const logsDir = path.join(t.config.dataDir, 'logs');
    expect(await filesBelow(logsDir)).toEqual([run.logKey]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/runs/${run.id}`, headers: as(alice) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });

    expect((await get(`/datasets/run/${run.id}`, alice)).statusCode).toBe(404);
    expect((await get('/datasets/runs', alice)).json()).toEqual([]);
    expect((await get(`/datasets/files/${output!.id}`, alice)).statusCode).toBe(404);
    expect((await get(`/datasets/files/${network!.id}`, alice)).body).toBe('<network/>');
    expect(await filesBelow(logsDir)).toEqual([]);
    await expect(access(path.join(logsDir, run.logKey!))).rejects.toThrow();
    expect((await get(`/datasets/sysfiles/${run.systemFileId}`, alice)).statusCode).toBe(404);
    expect((await get('/datasets/tables', alice)).json()).toEqual({ datasets: [], tables: {} });
    // The scenario and its file are untouched.
    expect((await get(`/datasets/datasets/${scenario.id}`, alice)).json().files).toHaveLength(1);
  });

  it('refuses an active run with 409 until it has ended', async () => {
    const { alice } = await start();
    for (const status of ['CREATED', 'SUBMITTED', 'STARTED'] as const) {
      const run = await insertRun(t, { owner: alice, job: { status } });
      expect((await get(`/datasets/runs/${run.id}/deletion`, alice)).json()).toMatchObject({ active: true, started: null, finished: null });
      const refused = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/runs/${run.id}`, headers: as(alice) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(RUN_DELETE_ACTIVE);
      expect((await get(`/datasets/run/${run.id}`, alice)).statusCode).toBe(200);
    }
    const cancelled = await insertRun(t, { owner: alice, job: { status: 'CANCELLED' } });
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/runs/${cancelled.id}`, headers: as(alice) })).statusCode).toBe(200);
  });

  it('answers 404 to another group and for a scenario, 403 to a user who was only granted access', async () => {
    const { alice, bob, carol } = await start();
    const { scenario, run } = await finishedRun(alice);
    const del = (session: Session, id: number) => t.app.inject({ method: 'DELETE', url: `${API}/datasets/runs/${id}`, headers: as(session) });
    expect((await get(`/datasets/runs/${run.id}/deletion`, bob)).statusCode).toBe(404);
    expect((await del(bob, run.id)).statusCode).toBe(404);
    expect((await del(alice, scenario.id)).statusCode).toBe(404);
    await grant(alice, run.id, carol);
    expect((await get(`/datasets/runs/${run.id}/deletion`, carol)).statusCode).toBe(200);
    expect((await del(carol, run.id)).statusCode).toBe(403);
    expect((await get(`/datasets/run/${run.id}`, alice)).statusCode).toBe(200);
  });
});

describe('a scheduled run (POST /jobs/jobs)', () => {
  it('is listed as CREATED, cannot be deleted while queued, and can be deleted once cancelled', async () => {
    const { alice, bob } = await start();
    const scenario = await createScenario(t.app, alice, { key: 'equil', name: 'Equil' });
    const uploaded = await uploadOk(t.app, alice, [
      { name: 'config.xml', content: '<config/>' },
      { name: 'network.xml', content: '<network/>' },
      { name: 'plans.xml', content: '<population/>' },
    ]);
    for (const file of uploaded) await attach(t.app, alice, scenario.id, file.id);
    const roles = ['config', 'network', 'population'];
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `${API}/jobs/jobs`,
      headers: as(alice),
      payload: {
        type: 'matsim',
        name: 'Equil Run 1',
        group: alice.groupId,
        scenarioId: scenario.id,
        matsimRunId: 'equil_1',
        files: uploaded.map((f, i) => ({ file: f.id, name: f.name, role: roles[i] })),
      },
    });
    expect(scheduled.statusCode).toBe(200);
    const { id: jobId, datasetId: runId } = scheduled.json();

    expect((await get('/datasets/runs', alice)).json()).toEqual([
      expect.objectContaining({ id: runId, name: 'Equil Run 1', status: 'CREATED', scenario: { id: scenario.id, key: 'equil', name: 'Equil', groupName: 'alice' } }),
    ]);
    const details = (await get(`/datasets/run/${runId}`, alice)).json();
    expect(details).toMatchObject({ status: 'CREATED', jobId, scenarioId: scenario.id });
    expect(details.run).toMatchObject({ status: 'CREATED', currentIteration: -1, external: false, postProcessRun: null });
    expect((await get(`/datasets/run/${runId}`, bob)).statusCode).toBe(404);

    const [log] = (await get(`/datasets/datasets/${runId}/sysfiles`, alice)).json();
    expect(log).toMatchObject({ type: 'stdout' });
    expect((await get(`/datasets/sysfiles/${log.id}`, alice)).body).toContain('Run scheduled by alice');

    expect((await get(`/datasets/runs/${runId}/deletion`, alice)).json()).toMatchObject({ active: true, deleted: [] });
    const refused = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/runs/${runId}`, headers: as(alice) });
    expect(refused.statusCode).toBe(409);

    const cancelled = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${runId}/do?action=cancel`, headers: as(alice) });
    expect(cancelled.statusCode).toBe(200);
    const after = (await get(`/datasets/run/${runId}`, alice)).json();
    expect(after.run).toMatchObject({ status: 'CANCELLED', events: [expect.objectContaining({ type: 'runFinished', status: 'CANCELLED' })] });
    expect((await get(`/datasets/sysfiles/${log.id}`, alice)).body).toContain('Cancelled by alice.');

    const preview = (await get(`/datasets/runs/${runId}/deletion`, alice)).json();
    expect(preview).toMatchObject({ active: false, deleted: [], seriesCount: 0, tables: [] });
    for (const kept of preview.kept) expect(kept.usages).toContainEqual({ id: scenario.id, name: 'Equil' });

    const logsDir = path.join(t.config.dataDir, 'logs');
    expect(await filesBelow(logsDir)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/runs/${runId}`, headers: as(alice) })).statusCode).toBe(200);
    expect(await filesBelow(logsDir)).toEqual([]);
    expect((await get('/datasets/runs', alice)).json()).toEqual([]);
    // The scenario keeps its files.
    expect((await get(`/datasets/datasets/${scenario.id}`, alice)).json().files).toHaveLength(3);
  });
});

