import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DEFAULT_RUN_OUTPUT_MAX_BYTES,
  DEFAULT_RUN_OUTPUT_MAX_FILES,
  JOB_NOT_YOURS,
  RUN_OUTPUT_MESSAGES,
  RUNNER_UNKNOWN,
  type Job,
  type RunDetails,
  type Settings,
} from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp, type TestAppOptions } from './harness.ts';
import { createRunnerToken, getJob, ok, scenarioWithInputs, scheduleOk, testMonitor, TestRunner } from './runner-client.ts';
import { addUser, filesBelow, networkJob, runPostProcessing, SHARED_DATA, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

const OUTPUT = path.join(SHARED_DATA, 'output-equil-2024');

async function start(options: TestAppOptions = {}) {
  t = await createTestApp(options);
  const admin = await setupAdmin(t.app);
  const alice = await addUser(t.app, admin, 'alice');
  const token = await createRunnerToken(t.app, admin);
  return { admin, alice, token };
}

/** start(), a run of alice's scenario scheduled, and a runner that has claimed and started its job. */
async function startedRun(options: TestAppOptions = {}) {
  const { admin, alice, token } = await start(options);
  const inputs = await scenarioWithInputs(t.app, alice);
  const scheduled = await scheduleOk(t.app, alice, inputs);
  const runner = new TestRunner(t.app, { token: token.token });
  await runner.connect();
  await runner.claimJob();
  await runner.started(scheduled.id);
  return { admin, alice, token, inputs, scheduled, runner };
}

const as = (session: Session) => ({ cookie: session.cookie });
const job = async (session: Session, id: number): Promise<Job> => ok<Job>(await getJob(t.app, session, id), 'job');
const logOf = async (session: Session, job: Job) => (await t.app.inject({ url: `${API}/datasets/sysfiles/${job.fkStdOutFile}`, headers: as(session) })).body;
const runFiles = async (session: Session, runId: number) =>
  ok<{ files: { id: number; name: string; tag: string | null; size: number }[] }>(
    await t.app.inject({ url: `${API}/datasets/datasets/${runId}`, headers: as(session) }),
    'run',
  ).files;
const rawQuery = async (session: Session, runId: number, table: string) =>
  ok<{ columns: string[]; rows: (string | number | null)[][] }>(
    await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets/${runId}/tables/${table}/query`,
      headers: as(session),
      payload: { query: { select: [{ column: 'iteration' }, { column: 'key' }, { column: 'value' }] }, shape: 'RAW' },
    }),
    `query ${table}`,
  );

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a run from schedule to FINISHED', () => {
  it('is claimed, started, streams log, progress and stats, uploads outputs and finishes with tagged files', async () => {
    const { alice, token } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    expect((await job(alice, scheduled.id)).jobStatus).toBe('CREATED');

    const runner = new TestRunner(t.app, { token: token.token, name: 'laptop' });
    const welcome = await runner.connect();
    expect(welcome).toEqual({ runnerId: expect.any(String), heartbeatMs: 5000, heartbeatTimeoutMs: 60000 });

    const claimed = await runner.claimJob();
    expect(claimed).toMatchObject({
      jobId: scheduled.id,
      runId: scheduled.datasetId,
      matsimRunId: 'equil_1',
      command: '$ENGINE $CONFIG $ARGS',
      memory: '4g',
      programArgs: '',
      allowCustomJar: false,
      matsimVersion: null,
      ramInGb: 4,
      cpuCores: 1,
    });
    expect(claimed!.files.map((f) => f.role).sort()).toEqual(['config', 'network', 'population']);
    expect((await job(alice, scheduled.id)).jobStatus).toBe('SUBMITTED');
    expect((await job(alice, scheduled.id)).runnerName).toBe('laptop');
    // Nothing else is queued.
    expect(await runner.claimJob()).toBeNull();

    // The runner downloads its inputs.
    const config = claimed!.files.find((f) => f.role === 'config')!;
    const download = await runner.inputFile(scheduled.id, config.fileId);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(await readFile(path.join(SHARED_DATA, 'equil/config.xml')))).toBe(true);

    expect((await runner.started(scheduled.id)).statusCode).toBe(200);
    expect((await job(alice, scheduled.id)).jobStatus).toBe('STARTED');
    expect((await runner.log(scheduled.id, 'ITERATION 0 BEGINS\n', 'text/plain; charset=utf-8')).statusCode).toBe(200);
    expect((await runner.log(scheduled.id, 'ITERATION 1 BEGINS', 'application/octet-stream')).statusCode).toBe(200);
    const time = Date.now();
    expect((await runner.progress(scheduled.id, { iteration: 1, memory: [{ time, key: 'used', value: 2e9 }, { time, key: 'free', value: 1e9 }] })).statusCode).toBe(200);
    const scorestats = await readFile(path.join(OUTPUT, 'scorestats.csv'));
    const modestats = await readFile(path.join(OUTPUT, 'modestats.csv'));
    expect((await runner.stats(scheduled.id, 'scorestats', scorestats.subarray(0, scorestats.indexOf('\n2;')))).statusCode).toBe(200);
    expect((await runner.stats(scheduled.id, 'scorestats', scorestats)).statusCode).toBe(200);
    expect((await runner.stats(scheduled.id, 'modestats', modestats)).statusCode).toBe(200);

    const network = await readFile(path.join(OUTPUT, 'output_network.xml.gz'));
    expect((await runner.output(scheduled.id, 'output_network.xml.gz', network)).statusCode).toBe(200);
    expect((await runner.output(scheduled.id, 'scorestats.csv', scorestats)).statusCode).toBe(200);
    expect((await runner.output(scheduled.id, 'ITERS/it.0/0.notes.txt', 'iteration 0')).statusCode).toBe(200);
    expect((await runner.finish(scheduled.id, 'FINISHED', 0)).statusCode).toBe(200);

    const finished = await job(alice, scheduled.id);
    expect(finished).toMatchObject({ jobStatus: 'FINISHED', exitCode: 0, message: null, ready: false, url: `/alice/runs/${scheduled.datasetId}` });
    expect(finished.started).not.toBeNull();
    expect(finished.finished).not.toBeNull();

    // The run lists its inputs and outputs, the outputs with their data-type tags.
    const files = await runFiles(alice, scheduled.datasetId);
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['ITERS/it.0/0.notes.txt', 'config.xml', 'network.xml', 'output_network.xml.gz', 'plans100.xml', 'scorestats.csv']);
    expect(byName['output_network.xml.gz']).toMatchObject({ tag: 'network_v2', size: network.length });
    expect(byName['scorestats.csv']!.tag).toBe('scorestats');
    expect(byName['ITERS/it.0/0.notes.txt']!.tag).toBeNull();

    // The log has the scheduling line, the runner's output and the end.
    const log = await logOf(alice, finished);
    expect(log).toMatch(/^Run scheduled by alice at .*; waiting for a runner\.\nITERATION 0 BEGINS\nITERATION 1 BEGINS\nRun finished at .* with exit code 0\.\n$/);

    // The run page's data: events, iteration, post-processing of the run and of its output network.
    const run = ok<{ run: { status: string; currentIteration: number; events: { type: string }[] } }>(
      await t.app.inject({ url: `${API}/datasets/run/${scheduled.datasetId}`, headers: as(alice) }),
      'run details',
    );
    expect(run.run.status).toBe('FINISHED');
    expect(run.run.currentIteration).toBe(1);
    expect(run.run.events.map((e) => e.type)).toEqual(['runStarted', 'runFinished']);
    // Post-processing imported the one standard table among the outputs, scorestats.csv, and logged it.
    const postProcess = await runPostProcessing(t.app, alice, scheduled.datasetId);
    expect(postProcess).toMatchObject({ status: 'FINISHED', logFileId: expect.any(Number) });
    const postLog = await t.app.inject({ url: `${API}/datasets/sysfiles/${postProcess.logFileId}`, headers: as(alice) });
    expect(postLog.body).toMatch(/Imported scorestats\.csv as the table scorestats: 11 rows, 5 columns\./);
    const importedScores = ok<{ rows: number[][] }>(
      await t.app.inject({
        method: 'POST',
        url: `${API}/datasets/datasets/${scheduled.datasetId}/tables/scorestats/query`,
        headers: as(alice),
        payload: { query: { select: [{ column: 'avg_executed' }], where: [{ column: 'iteration', is: '=', value: 0 }] }, shape: 'RAW' },
      }),
      'imported scorestats',
    );
    expect(importedScores.rows).toEqual([[64.75686659291274]]);
    // Deleting the run would take its imported tables with it, and says so.
    const deletion = ok<{ tables: string[] }>(await t.app.inject({ url: `${API}/datasets/runs/${scheduled.datasetId}/deletion`, headers: as(alice) }), 'deletion preview');
    expect(deletion.tables).toEqual(['memory', 'modeStats', 'scoreStats', 'scorestats']);
    const networkJobState = await networkJob(t.app, alice, scheduled.datasetId);
    expect(networkJobState).toMatchObject({ status: 'FINISHED', fileId: byName['output_network.xml.gz']!.id });

    // The charts' tables: the whole scorestats file replaced the partial one.
    const scores = await rawQuery(alice, scheduled.datasetId, 'scoreStats');
    expect(scores.rows).toHaveLength(11 * 4);
    expect(scores.rows).toContainEqual([0, 'avg_executed', 64.75686659291274]);
    const modes = await rawQuery(alice, scheduled.datasetId, 'modeStats');
    expect(modes.rows).toContainEqual([0, 'car', 1]);

    // The scenario lists the run as its relation.
    const relations = ok<unknown[]>(await t.app.inject({ url: `${API}/datasets/datasets/${inputs.scenarioId}/relations`, headers: as(alice) }), 'relations');
    expect(relations).toEqual([{ type: 'scenario-run', dataset1: inputs.scenarioId, dataset2: scheduled.datasetId, fkJob: scheduled.id }]);

    // An ended job is no runner's any more.
    expect((await runner.log(scheduled.id, 'late')).json().message).toBe(JOB_NOT_YOURS);
    expect((await runner.finish(scheduled.id, 'FAILED', 1)).statusCode).toBe(409);
    expect((await runner.finish(999_999, 'FAILED', 1)).json().message).toBe(JOB_NOT_YOURS);
    expect((await runner.heartbeat([scheduled.id])).json()).toEqual({ cancel: [scheduled.id] });
  });

  it('replaces an output uploaded again under the same path and keeps the previous stats when a CSV is malformed', async () => {
    const { alice, scheduled, runner } = await startedRun();

    const blobsBefore = await filesBelow(path.join(t.config.dataDir, 'files'));
    await runner.output(scheduled.id, 'logfile.log', 'first');
    await runner.output(scheduled.id, 'logfile.log', 'second, longer');
    const logs = (await runFiles(alice, scheduled.datasetId)).filter((f) => f.name === 'logfile.log');
    expect(logs).toHaveLength(1);
    const content = await t.app.inject({ url: `${API}/datasets/files/${logs[0]!.id}`, headers: as(alice) });
    expect(content.body).toBe('second, longer');
    // One blob more: the replaced one is gone.
    expect(await filesBelow(path.join(t.config.dataDir, 'files'))).toHaveLength(blobsBefore.length + 1);

    await runner.stats(scheduled.id, 'scorestats', await readFile(path.join(OUTPUT, 'scorestats.csv')));
    const bad = await runner.stats(scheduled.id, 'scorestats', 'iteration;avg_executed\n0;not-a-number\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^The scorestats file could not be read: /);
    expect((await rawQuery(alice, scheduled.datasetId, 'scoreStats')).rows).toHaveLength(44);

    for (const bad of ['../escape.txt', '/absolute.txt', 'a//b.txt', 'a\\b.txt', './x']) {
      const refused = await runner.output(scheduled.id, bad, 'x');
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it('keeps nothing of an output upload that breaks off half way', async () => {
    const { alice, scheduled, runner } = await startedRun();
    const blobsBefore = await filesBelow(path.join(t.config.dataDir, 'files'));

    let sent = 0;
    const broken = new Readable({
      read() {
        if (sent++ < 3) this.push(Buffer.alloc(64 * 1024, 65));
        else this.destroy(new Error('connection lost'));
      },
    });
    const response = await runner.output(scheduled.id, 'output_events.xml.gz', broken).catch(() => null);
    expect(response?.statusCode ?? 500).toBeGreaterThanOrEqual(400);

    // The client is gone before the server has cleaned up: the partial blob disappears shortly after.
    await until('the partial blob to be removed', async () => (await filesBelow(path.join(t.config.dataDir, 'files'))).length === blobsBefore.length);
    expect(await filesBelow(path.join(t.config.dataDir, 'files'))).toEqual(blobsBefore);
    expect((await runFiles(alice, scheduled.datasetId)).map((f) => f.name).sort()).toEqual(['config.xml', 'network.xml', 'plans100.xml']);
    // The runner can still upload it afterwards.
    expect((await runner.output(scheduled.id, 'output_events.xml.gz', 'complete')).statusCode).toBe(200);
  });

  it('refuses an output over the upload limit with 413 and keeps no blob', async () => {
    const { alice, token } = await start({ env: { MAX_UPLOAD_BYTES: '100000' } });
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    const runner = new TestRunner(t.app, { token: token.token });
    await runner.connect();
    await runner.claimJob();
    const blobsBefore = await filesBelow(path.join(t.config.dataDir, 'files'));
    const response = await runner.output(scheduled.id, 'big.bin', Buffer.alloc(100_001));
    expect(response.statusCode).toBe(413);
    expect(await filesBelow(path.join(t.config.dataDir, 'files'))).toEqual(blobsBefore);
  });
});

describe("a run's output limits (installation settings)", () => {
  it('refuses outputs past the count or the total bytes with 413, the file and the limit named in the answer and the run log', async () => {
    const { admin, alice, scheduled, runner } = await startedRun();
    const settings = (payload: object) => t.app.inject({ method: 'PUT', url: `${API}/corridor/settings`, headers: { cookie: admin }, payload });
    const defaults = ok<Settings>(await t.app.inject({ url: `${API}/corridor/settings`, headers: { cookie: admin } }), 'settings');
    expect(defaults).toMatchObject({ runOutputMaxFiles: DEFAULT_RUN_OUTPUT_MAX_FILES, runOutputMaxBytes: DEFAULT_RUN_OUTPUT_MAX_BYTES });
    expect((await settings({ runOutputMaxFiles: 0 })).statusCode).toBe(400);
    expect((await settings({ runOutputMaxBytes: 1.5 })).statusCode).toBe(400);
    expect((await settings({ runOutputMaxFiles: 3, runOutputMaxBytes: 1000 })).statusCode).toBe(200);
    const blobs = () => filesBelow(path.join(t.config.dataDir, 'files'));

    expect((await runner.output(scheduled.id, 'a.txt', Buffer.alloc(400, 97))).statusCode).toBe(200);
    expect((await runner.output(scheduled.id, 'ITERS/it.0/b.txt', Buffer.alloc(400, 98))).statusCode).toBe(200);
    const blobsBefore = await blobs();
    // 800 + 300 > 1000: refused, and nothing of it kept (the store stopped reading at the room left).
    const tooBig = await runner.output(scheduled.id, 'c.txt', Buffer.alloc(300, 99));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(RUN_OUTPUT_MESSAGES.tooManyBytes('c.txt', 1000));
    expect(tooBig.json().message).toBe("The output file c.txt was not stored: the run's output limit of 1000 bytes in total would be exceeded.");
    expect(await blobs()).toEqual(blobsBefore);
    // What fits exactly is taken; a file uploaded again under its name replaces itself, so it counts once.
    expect((await runner.output(scheduled.id, 'c.txt', Buffer.alloc(200, 99))).statusCode).toBe(200);
    expect((await runner.output(scheduled.id, 'a.txt', Buffer.alloc(400, 65))).statusCode).toBe(200);
    const fourth = await runner.output(scheduled.id, 'd.txt', '');
    expect(fourth.statusCode).toBe(413);
    expect(fourth.json().message).toBe("The output file d.txt was not stored: the run's output limit of 3 files is reached.");

    const run = await job(alice, scheduled.id);
    const log = await logOf(alice, run);
    expect(log).toContain(`${RUN_OUTPUT_MESSAGES.tooManyBytes('c.txt', 1000)}\n`);
    expect(log).toContain(`${RUN_OUTPUT_MESSAGES.tooManyFiles('d.txt', 3)}\n`);
    const outputs = (await runFiles(alice, scheduled.datasetId)).filter((f) => !['config.xml', 'network.xml', 'plans100.xml'].includes(f.name));
    expect(outputs.map((f) => [f.name, f.size]).sort()).toEqual([['ITERS/it.0/b.txt', 400], ['a.txt', 400], ['c.txt', 200]]);

    // Raised by the administrator: taken at once.
    expect((await settings({ runOutputMaxFiles: 4 })).statusCode).toBe(200);
    expect((await runner.output(scheduled.id, 'd.txt', '')).statusCode).toBe(200);
  });
});

describe('job template files', () => {
  it('are staged with the job as input files that only the holding runner can download', async () => {
    const { admin, alice, token } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const upload = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/files`,
      headers: { cookie: admin, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="files[]"; filename="extra.properties"\r\n\r\nseed=1\r\n--b--\r\n',
    });
    const [extra] = ok<{ files: { id: number }[] }>(upload, 'upload').files;
    const template = ok<{ id: number }>(
      await t.app.inject({
        method: 'POST',
        url: `${API}/jobs/templates`,
        headers: { cookie: admin },
        payload: { name: 'Engine with extras', command: '$ENGINE $CONFIG $ARGS', files: [{ fkUserFile: extra!.id, extractArchive: false }] },
      }),
      'template',
    );
    const scheduled = await scheduleOk(t.app, alice, inputs, { jobTemplate: template.id });
    const runner = new TestRunner(t.app, { token: token.token });
    await runner.connect();
    const claimed = await runner.claimJob();
    expect(claimed!.files).toContainEqual({ fileId: extra!.id, name: 'extra.properties', role: 'input', template: true, extractArchive: false });
    expect((await runner.inputFile(scheduled.id, extra!.id)).body).toBe('seed=1');
    // The user's assignment stays as it was scheduled.
    expect((await job(alice, scheduled.id)).files.map((f) => f.role).sort()).toEqual(['config', 'network', 'population']);
    const other = new TestRunner(t.app, { token: token.token });
    await other.connect();
    expect((await other.inputFile(scheduled.id, extra!.id)).statusCode).toBe(409);
    expect((await runner.inputFile(scheduled.id, 999_999)).statusCode).toBe(404);
  });
});

describe('cancel', () => {
  it('stops a STARTED run through the heartbeat answer; the runner finishes it CANCELLED', async () => {
    const { alice, scheduled, runner } = await startedRun();
    expect((await runner.heartbeat([scheduled.id])).json()).toEqual({ cancel: [] });

    const stop = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${scheduled.datasetId}/do?action=cancel`, headers: as(alice) });
    expect(stop.statusCode).toBe(200);
    // Still running until the runner has stopped it, but no longer "ready".
    expect(await job(alice, scheduled.id)).toMatchObject({ jobStatus: 'STARTED', ready: false });
    expect((await runner.heartbeat([scheduled.id])).json()).toEqual({ cancel: [scheduled.id] });
    expect((await runner.finish(scheduled.id, 'CANCELLED', 143, 'Stopped on request.')).statusCode).toBe(200);
    const cancelled = await job(alice, scheduled.id);
    expect(cancelled).toMatchObject({ jobStatus: 'CANCELLED', exitCode: 143, message: 'Stopped on request.' });
    expect(await logOf(alice, cancelled)).toMatch(/Stopped on request\.\nRun cancelled at .* with exit code 143\.\n$/);
    // Stopping again: the run is not active.
    const again = await t.app.inject({ method: 'POST', url: `${API}/jobs/jobs/${scheduled.id}/do?action=cancel`, headers: as(alice) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The run is not active.');
  });
});

describe('heartbeats', () => {
  it('fails the jobs of a runner that stops sending heartbeats, with the reason in the log', async () => {
    let clock = Date.now();
    const { alice, token } = await start({ now: () => new Date(clock), env: { RUNNER_HEARTBEAT_MS: '20', RUNNER_HEARTBEAT_TIMEOUT_MS: '60000' } });
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    const runner = new TestRunner(t.app, { token: token.token, name: 'flaky' });
    expect((await runner.connect()).heartbeatMs).toBe(20);
    await runner.claimJob();
    await runner.started(scheduled.id);

    // Heartbeats within the timeout keep it.
    clock += 50_000;
    expect((await runner.heartbeat([scheduled.id])).statusCode).toBe(200);
    clock += 50_000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await job(alice, scheduled.id)).jobStatus).toBe('STARTED');

    // Silence beyond the timeout loses it.
    clock += 20_000;
    const failed = await until('FAILED', async () => {
      const current = await job(alice, scheduled.id);
      return current.jobStatus === 'FAILED' && current;
    });
    const reason = 'The runner flaky stopped sending heartbeats; the run was marked as failed.';
    expect(failed.message).toBe(reason);
    expect(await logOf(alice, failed)).toContain(`${reason}\nRun failed at `);
    // The runner is gone: it must connect again, and then learns to stop the job.
    expect((await runner.heartbeat([scheduled.id])).json().message).toBe(RUNNER_UNKNOWN);
    await runner.connect([scheduled.id]);
    expect((await runner.heartbeat([scheduled.id])).json()).toEqual({ cancel: [scheduled.id] });
    expect((await runner.output(scheduled.id, 'late.txt', 'x')).statusCode).toBe(409);
  });

  it('queues a run again once when the setting says so, keeps the runner names on the job, and fails it on a second loss', async () => {
    let clock = Date.now();
    const { admin, alice, token } = await start({ now: () => new Date(clock), env: { RUNNER_HEARTBEAT_MS: '20', RUNNER_HEARTBEAT_TIMEOUT_MS: '60000' } });
    const settings = ok<Settings>(await t.app.inject({ url: `${API}/corridor/settings`, headers: { cookie: admin } }), 'settings');
    expect(settings.runRequeueOnRunnerLoss).toBe(false);
    const saved = await t.app.inject({ method: 'PUT', url: `${API}/corridor/settings`, headers: { cookie: admin }, payload: { runRequeueOnRunnerLoss: true } });
    expect(saved.json().runRequeueOnRunnerLoss).toBe(true);
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    const first = new TestRunner(t.app, { token: token.token, name: 'op-runner-1' });
    await first.connect();
    await first.claimJob();
    await first.started(scheduled.id);
    await first.progress(scheduled.id, { iteration: 3, memory: [{ time: 1, key: 'used', value: 5 }] });
    const runDetails = async () => ok<RunDetails>(await t.app.inject({ url: `${API}/datasets/run/${scheduled.datasetId}`, headers: as(alice) }), 'run');
    expect((await job(alice, scheduled.id)).runnerName).toBe('op-runner-1');
    expect((await runDetails()).runnerName).toBe('op-runner-1');

    // The first loss: back to the queue as a fresh job, the lost attempt's series gone, the log says so.
    clock += 61_000;
    const queued = await until('queued again', async () => {
      const current = await job(alice, scheduled.id);
      return current.jobStatus === 'CREATED' && current;
    });
    expect(queued).toMatchObject({ runnerName: null, started: null, message: null, ready: true });
    expect(await logOf(alice, queued)).toContain('The runner op-runner-1 stopped sending heartbeats; the run was queued again (once).\n');
    const details = await runDetails();
    expect(details.run).toMatchObject({ status: 'CREATED', currentIteration: -1 });
    expect(details.run.events.map((e) => e.type)).toEqual(['runStarted', 'runRequeued']);
    // The lost runner, back, is told to stop the job; another runner takes it.
    await first.connect([scheduled.id]);
    expect((await first.heartbeat([scheduled.id])).json()).toEqual({ cancel: [scheduled.id] });
    const second = new TestRunner(t.app, { token: token.token, name: 'op-runner-2' });
    await second.connect();
    expect((await second.claimJob())?.jobId).toBe(scheduled.id);
    await second.started(scheduled.id);
    expect((await first.output(scheduled.id, 'late.txt', 'x')).statusCode).toBe(409);

    // The second loss fails it with the usual message; the job keeps the name of the runner that had it.
    clock += 61_000;
    const failed = await until('FAILED', async () => {
      const current = await job(alice, scheduled.id);
      return current.jobStatus === 'FAILED' && current;
    });
    expect(failed).toMatchObject({ message: 'The runner op-runner-2 stopped sending heartbeats; the run was marked as failed.', runnerName: 'op-runner-2' });
    expect((await runDetails()).runnerName).toBe('op-runner-2');
  });

  it('counts silence from the server start, so a restart alone fails nothing', async () => {
    let clock = Date.now();
    // The app's own monitor must not tick in between (it shares the clock): an interval far beyond the test.
    const { alice, scheduled, runner } = await startedRun({ now: () => new Date(clock), env: { RUNNER_HEARTBEAT_MS: '3600000' } });

    // A new server process starts 10 minutes later: its monitor gives the runner a full timeout to come back.
    clock += 10 * 60_000;
    const monitor = await testMonitor(t, () => new Date(clock));
    monitor.start();
    try {
      await monitor.tick();
      expect((await job(alice, scheduled.id)).jobStatus).toBe('STARTED');
      clock += 30_000;
      await monitor.tick();
      expect((await job(alice, scheduled.id)).jobStatus).toBe('STARTED');
      clock += 31_000;
      await monitor.tick();
      expect((await job(alice, scheduled.id)).jobStatus).toBe('FAILED');
    } finally {
      await monitor.stop();
    }
  });
});

describe('claims', () => {
  it('hands a job to exactly one of many racing runners, and a retried claim gets the same job again', async () => {
    const { alice, token } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    const runners = Array.from({ length: 8 }, (_, i) => new TestRunner(t.app, { token: token.token, name: `r${i}` }));
    for (const runner of runners) await runner.connect();

    const attempts = runners.flatMap((runner, i) => [0, 1, 2].map(() => ({ runner, name: `r${i}`, claimId: randomUUID() })));
    const answers = await Promise.all(attempts.map(({ runner, claimId }) => runner.claimJob(claimId)));
    const winners = answers.flatMap((answer, i) => (answer ? [{ ...attempts[i]!, job: answer }] : []));
    expect(winners).toHaveLength(1);
    const [winner] = winners;
    expect(winner!.job.jobId).toBe(scheduled.id);

    // The answer was lost: the same claim id answers the same job; any other claim gets nothing.
    expect((await winner!.runner.claimJob(winner!.claimId))?.jobId).toBe(scheduled.id);
    for (const runner of runners) expect(await runner.claimJob()).toBeNull();
    const other = runners.find((r) => r !== winner!.runner)!;
    expect(await other.claimJob(winner!.claimId)).toBeNull();
    expect((await other.started(scheduled.id)).json().message).toBe(JOB_NOT_YOURS);
    expect((await other.inputFile(scheduled.id, inputs.files.config.id)).statusCode).toBe(409);
    expect(await job(alice, scheduled.id)).toMatchObject({ jobStatus: 'SUBMITTED', runnerName: winner!.name });
  });

  it('gives each of several racing runners a different job', async () => {
    const { alice, token } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const jobIds = [];
    for (let i = 1; i <= 3; i++) jobIds.push((await scheduleOk(t.app, alice, inputs, { matsimRunId: `equil_${i}` })).id);
    const runners = Array.from({ length: 6 }, (_, i) => new TestRunner(t.app, { token: token.token, name: `r${i}` }));
    for (const runner of runners) await runner.connect();
    const claimed = (await Promise.all(runners.map((runner) => runner.claimJob()))).filter((j) => j !== null);
    expect(claimed.map((j) => j.jobId).sort()).toEqual(jobIds.sort());
  });

  it('only claims jobs that fit the free resources and the capabilities, oldest first', async () => {
    const { alice, token } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const big = await scheduleOk(t.app, alice, inputs, { memory: '6000m', matsimRunId: 'big' });
    const small = await scheduleOk(t.app, alice, inputs, { memory: '1g', matsimRunId: 'small' });

    const noEngine = new TestRunner(t.app, { token: token.token, capabilities: ['java'] });
    await noEngine.connect();
    expect(await noEngine.claimJob()).toBeNull();

    const runner = new TestRunner(t.app, { token: token.token, resources: { cpuCores: 2, ramInGb: 5 } });
    await runner.connect();
    // 6000m needs 6 GB (rounded up): too big for 5 GB free; the smaller, newer one fits.
    expect((await runner.claimJob())?.jobId).toBe(small.id);
    expect(await runner.claimJob(undefined, { cpuCores: 2, ramInGb: 5.9 })).toBeNull();
    expect((await runner.claimJob(undefined, { cpuCores: 2, ramInGb: 6 }))?.jobId).toBe(big.id);
  });
});

describe('runner authentication', () => {
  it('refuses a wrong token with 401, a disallowed address with 403, an unknown runner id with 404', async () => {
    const { admin, token } = await start();
    const wrong = new TestRunner(t.app, { token: 'not-a-token' });
    const refused = await wrong.call('POST', '/connect', { json: {} });
    expect(refused.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: `${API}/jobs/runner/heartbeat`, payload: { availableResources: { cpuCores: 1, ramInGb: 1 }, jobs: [] } });
    expect(missing.statusCode).toBe(401);

    for (const remoteAddress of ['10.1.2.3', '2001:db8::1', '::ffff:10.1.2.3']) {
      const outsider = new TestRunner(t.app, { token: token.token, remoteAddress });
      const response = await outsider.call('POST', '/connect', { json: {} });
      expect(response.statusCode, remoteAddress).toBe(403);
      // The refusal names the address (IPv4-mapped as IPv4) and where to allow it.
      const shown = remoteAddress.replace('::ffff:', '');
      expect(response.json().message).toBe(
        `This address (${shown}) may not use this runner token. An administrator can add it to the token's IPv4 or IPv6 range on the Runners page (Settings → Runners).`,
      );
    }
    // Loopback in all its spellings is inside the token's ranges.
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      await new TestRunner(t.app, { token: token.token, remoteAddress }).connect();
    }
    // A token for a network range admits its addresses only; an empty IPv6 range admits no IPv6 address.
    const lan = await createRunnerToken(t.app, admin, { ipv4range: '10.0.0.0/8', ipv6range: '' });
    await new TestRunner(t.app, { token: lan.token, remoteAddress: '10.1.2.3' }).connect();
    expect((await new TestRunner(t.app, { token: lan.token, remoteAddress: '::1' }).call('POST', '/connect', { json: {} })).statusCode).toBe(403);

    const stranger = new TestRunner(t.app, { token: token.token });
    stranger.runnerId = 'no-such-runner-id';
    const unknown = await stranger.heartbeat([]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(RUNNER_UNKNOWN);
    // A runner id of another token's runner is not usable with this token.
    const lanRunner = new TestRunner(t.app, { token: lan.token, remoteAddress: '10.1.2.3' });
    await lanRunner.connect();
    const borrowed = new TestRunner(t.app, { token: token.token });
    borrowed.runnerId = lanRunner.runnerId;
    expect((await borrowed.heartbeat([])).statusCode).toBe(404);
  });

  it('fails the jobs a runner held but no longer names when it connects again with its id (restarted while staging)', async () => {
    const { alice, token } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const staged = await scheduleOk(t.app, alice, inputs);
    const kept = await scheduleOk(t.app, alice, inputs);
    const runner = new TestRunner(t.app, { token: token.token });
    await runner.connect();
    await runner.claimJob();
    await runner.claimJob();
    await runner.started(kept.id);
    await runner.connect([kept.id]);
    expect(await job(alice, staged.id)).toMatchObject({ jobStatus: 'FAILED', message: 'The runner test-runner was restarted and no longer has this job.' });
    expect((await job(alice, kept.id)).jobStatus).toBe('STARTED');
    expect((await runner.heartbeat([kept.id])).json()).toEqual({ cancel: [] });
  });

  it('keeps the runner id on reconnect and fails the jobs of a deleted token', async () => {
    const { admin, alice, token } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    const runner = new TestRunner(t.app, { token: token.token });
    const first = await runner.connect();
    await runner.claimJob();
    await runner.started(scheduled.id);
    expect((await runner.connect([scheduled.id])).runnerId).toBe(first.runnerId);
    expect((await runner.heartbeat([scheduled.id])).json()).toEqual({ cancel: [] });
    // A new process of the runner registers under a new id: the job keeps the name it was claimed by.
    await new TestRunner(t.app, { token: token.token }).connect();
    expect((await job(alice, scheduled.id)).runnerName).toBe('test-runner');

    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/jobs/runners/${token.id}`, headers: { cookie: admin } });
    expect(deleted.statusCode).toBe(200);
    const failed = await job(alice, scheduled.id);
    expect(failed).toMatchObject({ jobStatus: 'FAILED', message: 'The runner token was deleted.' });
    expect(await logOf(alice, failed)).toContain('The runner token was deleted.\nRun failed at ');
    expect((await runner.heartbeat([scheduled.id])).statusCode).toBe(401);
  });
});
