/**
 * The embedded runner as `npm start` runs it: the real server process (apps/server/src/main.ts) starts the runner
 * with the installation's embedded token; a demo run finishes on it; a runner that dies is restarted; Ctrl-C stops
 * the server but not the runner (its run goes on); the next start on the same DATA_DIR and address adopts that
 * runner (same token, no second runner); a start with EMBEDDED_RUNNER=false stops a runner left running (its run
 * ends CANCELLED, outputs uploaded). Restarts mid-run in detail: server-restart.test.ts.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { freePort, killProcessesUsing, processesUsing, ServerProcess } from './server-process.ts';
import { isAlive } from './support.ts';

const servers: ServerProcess[] = [];
let dataDir: string;
let port: number;
/** A long run that is still running when the server is stopped, and the runner running it. */
let interrupted: { jobId: number; datasetId: number; runnerPid: number } | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'corridor-embedded-'));
  // As a fresh ./data is: the sandbox's user passes through it to its job folder in DATA_DIR/runner.
  await chmod(dataDir, 0o755);
  port = await freePort();
});

afterAll(async () => {
  for (const server of servers) {
    if (server.running) server.child.kill('SIGKILL');
    await server.exited;
  }
  killProcessesUsing(dataDir);
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const server = new ServerProcess(dataDir, port, env);
  servers.push(server);
  await server.ready();
  return server;
}

describe('the embedded runner', { timeout: 120_000 }, () => {
  it('is on unless EMBEDDED_RUNNER is "false"', () => {
    expect(loadConfig({}).embeddedRunner).toBe(true);
    expect(loadConfig({ EMBEDDED_RUNNER: 'true' }).embeddedRunner).toBe(true);
    expect(loadConfig({ EMBEDDED_RUNNER: 'false' }).embeddedRunner).toBe(false);
    expect(loadConfig({ EMBEDDED_RUNNER: '0' }).embeddedRunner).toBe(false);
  });

  it('runs the demo scenario next to the server, comes back after a crash and keeps running when the server is stopped with Ctrl-C', async () => {
    const server = await startServer();
    const { groupId } = await server.setup();
    await server.waitFor(() => server.embeddedRunnerConnected(), 30_000);
    const tokens: { embedded: boolean; connectedRunners: { sandboxed: boolean }[] }[] = await server.call('GET', '/jobs/runners/list');
    expect(tokens.find((tk) => tk.embedded)!.connectedRunners).toMatchObject([{ sandboxed: true }]);

    const job = await server.scheduleDemo(groupId, 'demo_1', 1);
    expect(await server.waitForEnd(job.id, 30_000)).toMatchObject({ jobStatus: 'FINISHED', runnerName: 'embedded' });
    // The runner's own line about it (from its log file) may reach the server's output a moment after the status changed.
    await server.waitFor(() => server.lines.some((l) => l.includes('[embedded runner]') && l.includes(`job ${job.id}: FINISHED`)), 10_000);

    // The runner dies: the server starts a new one, which connects again.
    const [first] = server.runnerPids();
    process.kill(first!, 'SIGKILL');
    await server.waitFor(() => server.runnerPids().length === 2, 15_000);
    const second = server.runnerPids()[1]!;
    expect(second).not.toBe(first);
    await server.waitFor(() => server.lines.filter((l) => /\[embedded runner\].* connected as/.test(l)).length === 2, 15_000);

    // A long run is going when the server is stopped.
    const long = await server.scheduleDemo(groupId, 'demo_2', 1000);
    interrupted = { jobId: long.id, datasetId: long.datasetId, runnerPid: second };
    await server.waitFor(async () => (await server.call('GET', `/datasets/run/${long.datasetId}`)).run.currentIteration >= 1, 30_000);

    // Ctrl-C (SIGINT to the terminal's process group): the server exits; the runner, in its own session, runs on.
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(isAlive(second)).toBe(true);
    expect(server.lines.some((l) => l.includes('the embedded runner keeps running'))).toBe(true);
  });

  it('adopts the runner left running at the next start (same token, no second runner)', async () => {
    const server = await startServer();
    await server.signIn();
    expect(server.runnerPids('adopted')).toEqual([interrupted!.runnerPid]);
    expect(server.runnerPids('started')).toEqual([]);
    await server.waitFor(() => server.embeddedRunnerConnected(), 30_000);
    const tokens: { embedded: boolean }[] = await server.call('GET', '/jobs/runners/list');
    expect(tokens.filter((t) => t.embedded)).toHaveLength(1);
    // The run going at the last shutdown is still going, on the same runner.
    expect(await server.job(interrupted!.jobId)).toMatchObject({ jobStatus: 'STARTED', runnerName: 'embedded' });
    // Killed outright, the server leaves it running too.
    server.child.kill('SIGKILL');
    await server.exited;
    expect(isAlive(interrupted!.runnerPid)).toBe(true);
  });

  it('stops a runner left running when started with EMBEDDED_RUNNER=false: its run ends CANCELLED with its outputs', async () => {
    const server = await startServer({ EMBEDDED_RUNNER: 'false' });
    await server.signIn();
    await server.waitFor(() => !isAlive(interrupted!.runnerPid), 60_000);
    expect(server.runnerPids('started')).toEqual([]);
    expect(processesUsing(dataDir)).toEqual([]);
    expect(await server.job(interrupted!.jobId)).toMatchObject({ jobStatus: 'CANCELLED', message: 'The runner was stopped.' });
    const outputs = (await server.call('GET', `/datasets/datasets/${interrupted!.datasetId}`)).files.map((f: { name: string }) => f.name);
    expect(outputs).toContain('logfile.log');
  });
});
