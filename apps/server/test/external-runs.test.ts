/**
 * Live external runs (issue 17): a run executing outside Corridor is created with an API key and reports its log,
 * progress, statistics and outputs while it runs; its end goes through the lifecycle, so the post-processing of a
 * scheduled run follows. Only those who may edit the run report to it; a silent one is failed by the monitor.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  CreatedApiKey,
  EXTERNAL_RUN_ENDED,
  EXTERNAL_RUN_NOT_STOPPABLE,
  IMPORT_INTERRUPTED,
  RUN_OUTPUT_MESSAGES,
  WATCH_CLIENT_SILENT,
  type ExternalRunCreated,
  type Job,
} from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp, type TestAppOptions } from './harness.ts';
import { createRunnerToken, ok, scenarioWithInputs, scheduleOk, testMonitor, TestRunner } from './runner-client.ts';
import { drawPlaceholder, type NetworkRenderer } from '../src/modules/network-processing/renderer.ts';
import { RunImportRepository } from '../src/modules/run-import/repository.ts';
import { renderNetworkPreview } from '../src/previews/index.ts';
import { addUser, attach, networkJob, runPostProcessing, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

const OUTPUT = path.join(SHARED_DATA, 'output-equil-2024');

type Auth = { cookie: string } | { key: string };
const headersOf = (auth: Auth | null): Record<string, string> => (!auth ? {} : 'cookie' in auth ? { cookie: auth.cookie } : { authorization: `Bearer ${auth.key}` });

function call(auth: Auth | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: string | Buffer | object, contentType?: string) {
  return t.app.inject({ method, url: `${API}${url}`, headers: { ...headersOf(auth), ...(contentType ? { 'content-type': contentType } : {}) }, ...(payload === undefined ? {} : { payload }) });
}

async function start(options: TestAppOptions = {}) {
  t = await createTestApp(options);
  const admin = await setupAdmin(t.app);
  const alice = await addUser(t.app, admin, 'alice');
  const bob = await addUser(t.app, admin, 'bob');
  const created = await call(alice, 'POST', `/accounts/users/${alice.userId}/apikeys`, { description: 'watch' });
  expect(created.statusCode, created.body).toBe(200);
  const key = { key: CreatedApiKey.parse(created.json()).data.data };
  return { admin, alice, bob, key };
}

async function createRun(auth: Auth, body: object = { name: 'Laptop run' }): Promise<ExternalRunCreated> {
  return ok<ExternalRunCreated>(await call(auth, 'POST', '/datasets/runs/external', body), 'create external run');
}

const runState = async (session: Session, runId: number) =>
  ok<{ run: { status: string; currentIteration: number; external: boolean; message: string | null; events: { type: string }[] } }>(
    await call(session, 'GET', `/datasets/run/${runId}`),
    'run details',
  ).run;
const logOf = async (session: Session, runId: number) => {
  const systemFiles = ok<{ id: number; type: string }[]>(await call(session, 'GET', `/datasets/datasets/${runId}/sysfiles`), 'system files');
  const logFile = systemFiles.find((f) => f.type === 'stdout');
  expect(logFile).toBeDefined();
  return (await call(session, 'GET', `/datasets/sysfiles/${logFile!.id}`)).body;
};

describe('an external run reported with an API key', () => {
  it('is STARTED at once, takes log, progress, stats and outputs, and FINISHED runs the post-processing of a scheduled run', async () => {
    const { alice, key } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const created = await createRun(key, { name: 'Equil on my laptop', description: 'from the watch client', scenarioId: inputs.scenarioId });
    expect(created.url).toBe(`/alice/runs/${created.id}`);

    const started = await runState(alice, created.id);
    expect(started).toMatchObject({ status: 'STARTED', currentIteration: -1, external: true });
    expect(started.events.map((e) => e.type)).toEqual(['runStarted']);
    // In the run list of alice's personal group, and among the scenario's runs.
    const list = ok<{ id: number; name: string; status: string; origin: string }[]>(await call(alice, 'GET', '/datasets/runs'), 'runs');
    expect(list.find((r) => r.id === created.id)).toMatchObject({ name: 'Equil on my laptop', status: 'STARTED', origin: 'external' });
    const relations = ok<{ dataset2: number }[]>(await call(alice, 'GET', `/datasets/datasets/${inputs.scenarioId}/relations`), 'relations');
    expect(relations.map((r) => r.dataset2)).toContain(created.id);

    const base = `/datasets/runs/${created.id}/external`;
    expect((await call(key, 'POST', `${base}/log`, 'ITERATION 0 BEGINS\nused RAM: 100 MB  free: 50 MB  total: 150 MB\n', 'text/plain; charset=utf-8')).statusCode).toBe(200);
    expect((await call(key, 'POST', `${base}/progress`, { iteration: 3, memory: [{ time: Date.now(), key: 'used', value: 1e8 }] })).statusCode).toBe(200);
    expect((await runState(alice, created.id)).currentIteration).toBe(3);
    const scorestats = await readFile(path.join(OUTPUT, 'scorestats.csv'));
    const modestats = await readFile(path.join(OUTPUT, 'modestats.csv'));
    expect((await call(key, 'PUT', `${base}/stats/scorestats`, scorestats.subarray(0, scorestats.indexOf('\n2;')), 'text/csv')).statusCode).toBe(200);
    expect((await call(key, 'PUT', `${base}/stats/scorestats`, scorestats, 'text/csv')).statusCode).toBe(200);
    expect((await call(key, 'PUT', `${base}/stats/modestats`, modestats, 'text/csv')).statusCode).toBe(200);
    const network = await readFile(path.join(OUTPUT, 'output_network.xml.gz'));
    for (const [name, bytes] of [['output_network.xml.gz', network], ['scorestats.csv', scorestats], ['ITERS/it.10/10.notes.txt', Buffer.from('last')]] as const) {
      const upload = await call(key, 'POST', `${base}/outputs?path=${encodeURIComponent(name)}`, bytes, 'application/octet-stream');
      expect(upload.statusCode, upload.body).toBe(200);
    }
    expect((await call(key, 'POST', `${base}/outputs?path=${encodeURIComponent('../escape.txt')}`, Buffer.from('x'), 'application/octet-stream')).statusCode).toBe(400);

    expect((await call(key, 'POST', `${base}/finish`, { status: 'FINISHED' })).statusCode).toBe(200);
    const finished = await runState(alice, created.id);
    expect(finished).toMatchObject({ status: 'FINISHED', external: true });
    expect(finished.events.map((e) => e.type)).toEqual(['runStarted', 'runFinished']);
    expect(await logOf(alice, created.id)).toMatch(
      /^External run reported by alice \(with an API key\) since .*\.\nITERATION 0 BEGINS\nused RAM: 100 MB {2}free: 50 MB {2}total: 150 MB\nRun finished at .*\.\n$/,
    );

    // The files, tagged; the post-processing imported scorestats.csv and processed the output network.
    const files = ok<{ files: { id: number; name: string; tag: string | null }[] }>(await call(alice, 'GET', `/datasets/datasets/${created.id}`), 'run').files;
    expect(files.map((f) => f.name).sort()).toEqual(['ITERS/it.10/10.notes.txt', 'output_network.xml.gz', 'scorestats.csv']);
    expect(files.find((f) => f.name === 'output_network.xml.gz')!.tag).toBe('network_v2');
    expect(await runPostProcessing(t.app, alice, created.id)).toMatchObject({ status: 'FINISHED' });
    expect(await networkJob(t.app, alice, created.id)).toMatchObject({ status: 'FINISHED' });
    const imported = ok<{ rows: number[][] }>(
      await call(alice, 'POST', `/datasets/datasets/${created.id}/tables/scorestats/query`, {
        query: { select: [{ column: 'avg_executed' }], where: [{ column: 'iteration', is: '=', value: 0 }] },
        shape: 'RAW',
      }),
      'imported scorestats',
    );
    expect(imported.rows).toEqual([[64.75686659291274]]);
    // The charts' series: the whole scorestats replaced the partial one.
    const scores = ok<{ rows: unknown[][] }>(
      await call(alice, 'POST', `/datasets/datasets/${created.id}/tables/scoreStats/query`, { query: { select: [{ column: 'iteration' }, { column: 'key' }, { column: 'value' }] }, shape: 'RAW' }),
      'scoreStats',
    );
    expect(scores.rows).toHaveLength(11 * 4);

    // Ended: no more reports.
    const late = await call(key, 'POST', `${base}/log`, 'late', 'text/plain');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(EXTERNAL_RUN_ENDED);
  });

  it('goes to the personal group by default or to a team by name; FAILED keeps the message; a session may report too', async () => {
    const { alice, bob, key } = await start();
    expect((await call(alice, 'POST', '/accounts/groups', { name: 'Modelling' })).statusCode).toBe(200);
    // bob is no member of the team.
    expect((await call(bob, 'POST', '/datasets/runs/external', { name: 'x', group: 'Modelling' })).statusCode).toBe(403);
    const inTeam = await createRun(key, { name: 'Team run', group: 'modelling' });
    expect(inTeam.url).toBe(`/Modelling/runs/${inTeam.id}`);
    const personal = await createRun(alice);
    expect(personal.url).toBe(`/alice/runs/${personal.id}`);
    expect((await call(key, 'POST', '/datasets/runs/external', { name: 'x', group: 'Nobody' })).statusCode).toBe(404);

    expect((await call(alice, 'POST', `/datasets/runs/${personal.id}/external/finish`, { status: 'FAILED', message: 'java.lang.OutOfMemoryError' })).statusCode).toBe(200);
    expect(await runState(alice, personal.id)).toMatchObject({ status: 'FAILED', message: 'java.lang.OutOfMemoryError' });
  });
});

describe('who may report', () => {
  it('another user gets 404, no credentials 401, a scheduled run 409; the run cannot be stopped and no runner claims it', async () => {
    const { admin, alice, bob, key } = await start();
    const created = await createRun(key);
    const base = `/datasets/runs/${created.id}/external`;
    expect((await call(bob, 'POST', `${base}/log`, 'hi', 'text/plain')).statusCode).toBe(404);
    expect((await call(bob, 'POST', `${base}/finish`, { status: 'FAILED' })).statusCode).toBe(404);
    expect((await call(null, 'POST', `${base}/log`, 'hi', 'text/plain')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/datasets/runs/external', { name: 'x' })).statusCode).toBe(401);
    expect((await call({ key: 'AAAAAAAAAAAAAAAAAAAAAA.wrong-secret' }, 'POST', `${base}/progress`, { iteration: 1 })).statusCode).toBe(401);
    expect((await runState(alice, created.id)).status).toBe('STARTED');

    // Nothing stops an external run from here (the jobs list says so); no runner is handed it.
    const job = ok<Job[]>(await call(alice, 'GET', '/jobs/jobs/list'), 'jobs').find((j) => j.datasetId === created.id)!;
    expect(job).toMatchObject({ jobStatus: 'STARTED', external: true });
    for (const url of [`/datasets/datasets/${created.id}/do?action=cancel`, `/jobs/jobs/${job.id}/do?action=cancel`]) {
      const cancel = await call(alice, 'POST', url);
      expect([cancel.statusCode, cancel.json().message]).toEqual([409, EXTERNAL_RUN_NOT_STOPPABLE]);
    }
    expect((await runState(alice, created.id)).status).toBe('STARTED');
    const runner = new TestRunner(t.app, { token: (await createRunnerToken(t.app, admin)).token });
    await runner.connect();
    expect(await runner.claimJob()).toBeNull();

    // A run scheduled through Corridor takes no external reports.
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    expect((await call(key, 'POST', `/datasets/runs/${scheduled.datasetId}/external/log`, 'x', 'text/plain')).statusCode).toBe(409);
    expect(ok<Job[]>(await call(alice, 'GET', '/jobs/jobs/list'), 'jobs').find((j) => j.datasetId === scheduled.datasetId)).toMatchObject({ external: false });
    const runs = ok<{ id: number; origin: string }[]>(await call(alice, 'GET', '/datasets/runs'), 'runs');
    expect(runs.find((r) => r.id === scheduled.datasetId)?.origin).toBe('scheduled');
  });
});

describe('a silent external run', () => {
  it('ends FAILED through the heartbeat monitor once it has reported nothing for the timeout', async () => {
    let clock = Date.now();
    // The app's own monitor must not tick in between: an interval far beyond the test.
    const { alice, key } = await start({ now: () => new Date(clock), env: { RUNNER_HEARTBEAT_MS: '3600000' } });
    const created = await createRun(key);
    const monitor = await testMonitor(t, () => new Date(clock), 10 * 60_000);
    monitor.start();
    try {
      clock += 9 * 60_000;
      await monitor.tick();
      // A report keeps it alive for another full timeout.
      expect((await call(key, 'POST', `/datasets/runs/${created.id}/external/progress`, { iteration: 0 })).statusCode).toBe(200);
      clock += 9 * 60_000;
      await monitor.tick();
      expect((await runState(alice, created.id)).status).toBe('STARTED');
      clock += 2 * 60_000;
      await monitor.tick();
      expect(await runState(alice, created.id)).toMatchObject({ status: 'FAILED', message: WATCH_CLIENT_SILENT });
      expect(await logOf(alice, created.id)).toContain(`${WATCH_CLIENT_SILENT}\nRun failed at `);
    } finally {
      await monitor.stop();
    }
  });
});

describe("an external run's output limits", () => {
  it('are those of a scheduled run: past the count or the total bytes an output is refused with 413, and the run log says so', async () => {
    const { admin, alice, key } = await start();
    expect((await call({ cookie: admin }, 'PUT', '/corridor/settings', { runOutputMaxFiles: 2, runOutputMaxBytes: 100 })).statusCode).toBe(200);
    const created = await createRun(key);
    const output = (name: string, bytes: number) =>
      call(key, 'POST', `/datasets/runs/${created.id}/external/outputs?path=${encodeURIComponent(name)}`, Buffer.alloc(bytes, 120), 'application/octet-stream');

    expect((await output('output_trips.csv.gz', 60)).statusCode).toBe(200);
    const tooBig = await output('output_legs.csv.gz', 41);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(RUN_OUTPUT_MESSAGES.tooManyBytes('output_legs.csv.gz', 100));
    expect((await output('output_legs.csv.gz', 40)).statusCode).toBe(200);
    const third = await output('output_persons.csv.gz', 0);
    expect(third.statusCode).toBe(413);
    expect(third.json().message).toBe(RUN_OUTPUT_MESSAGES.tooManyFiles('output_persons.csv.gz', 2));

    const log = await logOf(alice, created.id);
    expect(log).toContain("The output file output_legs.csv.gz was not stored: the run's output limit of 100 bytes in total would be exceeded.\n");
    expect(log).toContain("The output file output_persons.csv.gz was not stored: the run's output limit of 2 files is reached.\n");
    const files = ok<{ files: { name: string }[] }>(await call(alice, 'GET', `/datasets/datasets/${created.id}`), 'run').files;
    expect(files.map((f) => f.name).sort()).toEqual(['output_legs.csv.gz', 'output_trips.csv.gz']);
  });
});

describe('a long output upload', () => {
  it('keeps the run alive while its body streams: a monitor check during the upload leaves the run STARTED', async () => {
    let clock = Date.now();
    const { alice, key } = await start({ now: () => new Date(clock), reportKeepAliveMs: 20, env: { RUNNER_HEARTBEAT_MS: '3600000' } });
    const created = await createRun(key);
    const monitor = await testMonitor(t, () => new Date(clock), 10 * 60_000);
    monitor.start();
    try {
      const body = new PassThrough();
      const upload = t.app.inject({
        method: 'POST',
        url: `${API}/datasets/runs/${created.id}/external/outputs?path=output_events.xml.gz`,
        headers: { ...headersOf(key), 'content-type': 'application/octet-stream' },
        payload: body,
      });
      // The first megabyte is taken in: the upload is under way (its start counted as a report).
      if (!body.write(Buffer.alloc(1 << 20, 1))) await once(body, 'drain');
      // Eleven minutes of upload pass; the body still arrives.
      clock += 11 * 60_000;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await monitor.tick();
      expect((await runState(alice, created.id)).status).toBe('STARTED');
      body.end(Buffer.alloc(1000, 2));
      const answer = await upload;
      expect(answer.statusCode, answer.body).toBe(200);
      const files = ok<{ files: { name: string; size: number }[] }>(await call(alice, 'GET', `/datasets/datasets/${created.id}`), 'run').files;
      expect(files).toEqual([expect.objectContaining({ name: 'output_events.xml.gz', size: (1 << 20) + 1000 })]);
      // Once the upload is over, silence counts again.
      clock += 11 * 60_000;
      await monitor.tick();
      expect(await runState(alice, created.id)).toMatchObject({ status: 'FAILED', message: WATCH_CLIENT_SILENT });
    } finally {
      await monitor.stop();
    }
  });
});

describe('an imported run', () => {
  const createImported = async (session: Session) =>
    ok<{ id: number }>(
      await call(session, 'POST', '/datasets/datasets', { groupId: session.groupId, name: 'Imported Run', description: '', type: 'run', attributes: { __imported: true } }),
      'imported run',
    );

  it('is marked imported in the run list, and its attached output network is processed once, not again when the import ends', async () => {
    let renders = 0;
    const counting: NetworkRenderer = { placeholder: drawPlaceholder, render: (content, options) => (renders++, renderNetworkPreview(content, options)) };
    const { alice } = await start({ networkRenderer: counting });
    const run = await createImported(alice);
    const [network] = await uploadOk(t.app, alice, [{ name: 'output_network.xml.gz', content: await readFile(path.join(OUTPUT, 'output_network.xml.gz')) }]);
    await attach(t.app, alice, run.id, network!.id);
    expect(await networkJob(t.app, alice, run.id)).toMatchObject({ status: 'FINISHED', fileId: network!.id });
    expect(renders).toBe(3);

    expect((await call(alice, 'POST', `/datasets/datasets/${run.id}/events`, { type: 'runImported', data: {} })).statusCode).toBe(200);
    expect(await runPostProcessing(t.app, alice, run.id)).toMatchObject({ status: 'FINISHED' });
    expect(await networkJob(t.app, alice, run.id)).toMatchObject({ status: 'FINISHED', fileId: network!.id });
    expect((await runState(alice, run.id)).status).toBe('FINISHED');
    expect(renders).toBe(3);
    const list = ok<{ id: number; origin: string }[]>(await call(alice, 'GET', '/datasets/runs'), 'runs');
    expect(list.find((r) => r.id === run.id)?.origin).toBe('imported');
  });

  it('whose import was cut off by a server restart ends FAILED with a message saying so', async () => {
    let clock = Date.now();
    const { alice } = await start({ now: () => new Date(clock), env: { RUNNER_HEARTBEAT_MS: '3600000' } });
    const run = await createImported(alice);
    // runImported's first step (the job, STARTED); the server stopped before the import's work went on.
    expect(await new RunImportRepository(t.database.db).start(run.id, alice.userId, {}, new Date(clock))).toHaveProperty('jobId');
    const monitor = await testMonitor(t, () => new Date(clock), 10 * 60_000);
    monitor.start();
    try {
      clock += 11 * 60_000;
      await monitor.tick();
      expect(await runState(alice, run.id)).toMatchObject({ status: 'FAILED', message: IMPORT_INTERRUPTED });
    } finally {
      await monitor.stop();
    }
  });
});
