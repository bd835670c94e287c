/**
 * Runs survive a server restart: the real server (main.ts, as `npm start` runs it) is killed (SIGKILL) at a random
 * point of a demo run, or stopped (SIGTERM) mid-run, and started again on the same DATA_DIR and port. Its embedded
 * runner keeps the engine going, the new server adopts that runner instead of starting a second one, and the run
 * ends FINISHED with the same events and score statistics as an undisturbed run (the engine is deterministic).
 * A server that does not come back: the runner stops its job and exits after its --server-gone-timeout, leaving no
 * process behind.
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, killProcessesUsing, processesUsing, ServerProcess } from './server-process.ts';
import { isAlive } from './support.ts';

/** Long enough to be mid-run when the server goes, short enough to keep each test to ~15 s. */
const LAST_ITERATION = 15;

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
let dataDir: string;
let port: number;
let server: ServerProcess;
let groupId: number;
let runnerPid: number;
let baseline: { outputs: Outputs };

type Outputs = Awaited<ReturnType<typeof outputsOf>>;

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'corridor-restart-'));
  // As a fresh ./data is: the sandbox's user passes through it to its job folder in DATA_DIR/runner.
  await chmod(dir, 0o755);
  dataDirs.push(dir);
  return dir;
}

async function start(dir: string, env: NodeJS.ProcessEnv = {}, at = port): Promise<ServerProcess> {
  const started = new ServerProcess(dir, at, env);
  servers.push(started);
  await started.ready();
  return started;
}

/** The run's outputs with its run id taken out of the file names, so two runs compare. */
async function outputsOf(datasetId: number, runId: string) {
  const outputs = await server.runOutputs(datasetId);
  return { ...outputs, files: outputs.files.map((name) => name.replaceAll(runId, 'RUN')) };
}

beforeAll(async () => {
  dataDir = await newDataDir();
  port = await freePort();
  server = await start(dataDir);
  ({ groupId } = await server.setup());
  await server.waitFor(() => server.embeddedRunnerConnected(), 30_000);
  runnerPid = server.runnerPids()[0]!;
}, 90_000);

afterAll(async () => {
  for (const each of servers) {
    if (each.running) each.child.kill('SIGKILL');
    await each.exited;
  }
  for (const dir of dataDirs) {
    killProcessesUsing(dir);
    await rm(dir, { recursive: true, force: true });
  }
});

describe('runs survive a server restart', { timeout: 120_000 }, () => {
  it('an undisturbed run, to compare with', async () => {
    const job = await server.scheduleDemo(groupId, 'calm', LAST_ITERATION);
    expect(await server.waitForEnd(job.id)).toMatchObject({ jobStatus: 'FINISHED', runnerName: 'embedded' });
    baseline = { outputs: await outputsOf(job.datasetId, 'calm') };
    expect(baseline.outputs.events).toBeGreaterThan(0);
    expect(baseline.outputs.scoreStats).toHaveLength(4 * (LAST_ITERATION + 1));
  });

  it('SIGKILL of the server at a random point of a run: the restarted server adopts the runner, the run finishes alike', async () => {
    const job = await server.scheduleDemo(groupId, 'killed', LAST_ITERATION);
    // Anywhere from the first iteration to a few before the last, chosen by iteration, not by time: a run is not
    // always as fast as the one before, and a kill after its end would test nothing.
    const atIteration = Math.floor(Math.random() * (LAST_ITERATION - 3));
    const where = `killed at iteration ${atIteration}`;
    await server.waitFor(async () => (await server.call('GET', `/datasets/run/${job.datasetId}`)).run.currentIteration >= atIteration, 60_000);
    expect((await server.job(job.id)).jobStatus, where).not.toMatch(/FINISHED|FAILED|CANCELLED/);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(isAlive(runnerPid)).toBe(true);

    await restartAndExpectAdoption();
    expect(await server.waitForEnd(job.id), where).toMatchObject({ jobStatus: 'FINISHED', runnerName: 'embedded' });
    expect(await outputsOf(job.datasetId, 'killed')).toEqual(baseline.outputs);
  });

  it('SIGTERM of the server mid-run (an upgrade): the run goes on, the restarted server adopts the runner, the run finishes alike', async () => {
    const job = await server.scheduleDemo(groupId, 'upgraded', LAST_ITERATION);
    await server.waitFor(async () => (await server.call('GET', `/datasets/run/${job.datasetId}`)).run.currentIteration >= 2, 30_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.lines.some((l) => l.includes('the embedded runner keeps running'))).toBe(true);
    expect(isAlive(runnerPid)).toBe(true);

    await restartAndExpectAdoption();
    expect(await server.waitForEnd(job.id)).toMatchObject({ jobStatus: 'FINISHED', runnerName: 'embedded' });
    expect(await outputsOf(job.datasetId, 'upgraded')).toEqual(baseline.outputs);
  });

  it('a server that does not come back: the runner stops its job and exits after its timeout, leaving no process behind', async () => {
    const dir = await newDataDir();
    const alone = await start(dir, { CORRIDOR_SERVER_GONE_TIMEOUT: '3' }, 0);
    const { groupId: group } = await alone.setup();
    await alone.waitFor(() => alone.embeddedRunnerConnected(), 30_000);
    const [pid] = alone.runnerPids();
    const job = await alone.scheduleDemo(group, 'orphan', 1_000);
    await alone.waitFor(async () => (await alone.call('GET', `/datasets/run/${job.datasetId}`)).run.currentIteration >= 1, 30_000);
    const sandboxPid = Number(/job \d+: started \(pid (\d+)\)/.exec(alone.lines.find((l) => l.includes(`job ${job.id}: started (pid`))!)![1]);
    expect(isAlive(sandboxPid)).toBe(true);

    alone.child.kill('SIGKILL');
    await alone.exited;
    await alone.waitFor(() => !isAlive(pid!), 30_000);
    expect(isAlive(sandboxPid)).toBe(false);
    expect(processesUsing(dir)).toEqual([]);
    const runnerLog = await readFile(path.join(dir, 'runner', 'embedded-runner.log'), 'utf8');
    expect(runnerLog).toContain('Gave up: the server has not answered for 3 s.');
    // The job is stopped by whichever notices first: the runner's own timeout, or a report that retried as long.
    expect(runnerLog).toMatch(/stopping 1 job\(s\) and exiting|job \d+: no longer this runner's job, stopping it \(.*stayed unreachable/);
  });
});

/** Starts the server again on the same DATA_DIR and port: it adopts the runner that kept running. */
async function restartAndExpectAdoption(): Promise<void> {
  server = await start(dataDir);
  await server.signIn();
  expect(server.runnerPids('adopted')).toEqual([runnerPid]);
  expect(server.runnerPids('started')).toEqual([]);
  await server.waitFor(() => server.embeddedRunnerConnected(), 30_000);
}
