/**
 * The embedded runner as `npm start` runs it: the real server process (apps/server/src/main.ts) starts the runner
 * as its child with the installation's embedded token; a demo run finishes on it; a runner that dies is restarted;
 * Ctrl-C stops the runner before the server (its running job ends CANCELLED, not lost); a restarted server's runner
 * connects with the same token; a server killed outright leaves no runner behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { isAlive, pollUntil } from './support.ts';

const MAIN = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));

class ServerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  readonly child: ChildProcess;
  base = '';
  private cookie = '';

  constructor(readonly dataDir: string) {
    this.child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'info',
        RUNNER_HEARTBEAT_MS: '250',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a test can press "Ctrl-C" (SIGINT to the whole group) without hitting vitest.
      detached: true,
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) createInterface({ input: stream }).on('line', (line) => this.lines.push(line));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  async ready(): Promise<void> {
    const line = await waitFor(() => this.lines.find((l) => l.startsWith('Corridor is listening on ')), 60_000, this);
    this.base = `http://127.0.0.1:${new URL(line.slice('Corridor is listening on '.length)).port}/api/v1`;
  }

  setup(): Promise<{ groupId: number }> {
    return this.signIn('/accounts/setup');
  }

  async signIn(url = '/accounts/login'): Promise<{ groupId: number }> {
    const response = await fetch(`${this.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'secret-password' }),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    this.cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return this.call('GET', '/accounts/validate');
  }

  /** An API answer as JSON (the assertions check its shape). */
  async call(method: string, url: string, body?: object): Promise<any> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: { cookie: this.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  /** The pids of the embedded runners the server started, from its log. */
  runnerPids(): number[] {
    return this.lines
      .filter((l) => l.includes('embedded runner started'))
      .map((l) => (JSON.parse(l) as { pid: number }).pid);
  }

  async embeddedRunnerConnected(): Promise<boolean> {
    const tokens: { embedded: boolean; connectedRunners: { name: string }[] }[] = await this.call('GET', '/jobs/runners/list');
    return tokens.some((t) => t.embedded && t.connectedRunners.some((r) => r.name === 'embedded'));
  }
}

let servers: ServerProcess[] = [];
let dataDir: string;
/** A long run that is still running when the server is stopped. */
let interrupted: { jobId: number; datasetId: number } | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'corridor-embedded-'));
  // As a fresh ./data is: the sandbox's user passes through it to its job folder in DATA_DIR/runner.
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
    for (const pid of server.runnerPids()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ServerProcess> {
  const server = new ServerProcess(dataDir);
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

  it('runs the demo scenario next to the server, comes back after a crash and stops before the server on Ctrl-C', async () => {
    const server = await startServer();
    const { groupId } = await server.setup();
    await waitFor(() => server.embeddedRunnerConnected(), 30_000, server);
    const tokens: { embedded: boolean; connectedRunners: { sandboxed: boolean }[] }[] = await server.call('GET', '/jobs/runners/list');
    expect(tokens.find((tk) => tk.embedded)!.connectedRunners).toMatchObject([{ sandboxed: true }]);

    const demo = await server.call('POST', '/datasets/datasets', {
      groupId, key: 'demo', name: 'Demo', description: '', type: 'scenario', template: 'demo-grid', attributes: {},
    });
    const { files } = await server.call('GET', `/datasets/datasets/${demo.id}`);
    const role = (name: string) => (name === 'config.xml' ? 'config' : name.startsWith('network') ? 'network' : 'population');
    const job = await server.call('POST', '/jobs/jobs', {
      type: 'matsim', name: 'Demo Run 1', group: groupId, scenarioId: demo.id, memory: '1g', matsimRunId: 'demo_1',
      programArgs: '--config:controller.lastIteration=1',
      files: files.map((f: { id: number; name: string }) => ({ file: f.id, name: f.name, role: role(f.name) })),
    });
    const finished = await waitFor(async (): Promise<{ jobStatus: string } | undefined> => {
      const current = await server.call('GET', `/jobs/jobs/${job.id}`);
      return ['FINISHED', 'FAILED', 'CANCELLED'].includes(current.jobStatus) ? current : undefined;
    }, 30_000, server);
    expect(finished).toMatchObject({ jobStatus: 'FINISHED', runnerName: 'embedded' });
    // The runner's own line about it may reach the server's output a moment after the status changed.
    await waitFor(() => server.lines.some((l) => l.includes('[embedded runner]') && l.includes(`job ${job.id}: FINISHED`)), 10_000, server);

    // The runner dies: the server starts a new one, which connects again.
    const [first] = server.runnerPids();
    process.kill(first!, 'SIGKILL');
    await waitFor(() => server.runnerPids().length === 2, 15_000, server);
    const second = server.runnerPids()[1]!;
    expect(second).not.toBe(first);
    await waitFor(() => server.lines.filter((l) => /\[embedded runner\].* connected as/.test(l)).length === 2, 15_000, server);

    // A long run is going when the server is stopped.
    const long = await server.call('POST', '/jobs/jobs', {
      type: 'matsim', name: 'Demo Run 2', group: groupId, scenarioId: demo.id, memory: '1g', matsimRunId: 'demo_2',
      programArgs: '--config:controller.lastIteration=1000',
      files: files.map((f: { id: number; name: string }) => ({ file: f.id, name: f.name, role: role(f.name) })),
    });
    interrupted = { jobId: long.id, datasetId: long.datasetId };
    await waitFor(async () => (await server.call('GET', `/datasets/run/${long.datasetId}`)).run.currentIteration >= 1, 30_000, server);

    // Ctrl-C (SIGINT to the terminal's process group): the server stops the runner (and waits for it), then exits.
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(isAlive(second)).toBe(false);
    expect(server.lines.some((l) => l.includes('embedded runner stopped'))).toBe(true);
  });

  it('starts again with the same token after a restart, and leaves no runner behind when the server is killed', async () => {
    const server = await startServer();
    await server.signIn();
    await waitFor(() => server.embeddedRunnerConnected(), 30_000, server);
    const tokens: { embedded: boolean }[] = await server.call('GET', '/jobs/runners/list');
    expect(tokens.filter((t) => t.embedded)).toHaveLength(1);
    // The run going at the last shutdown was cancelled by its runner, with what it had written uploaded.
    expect(await server.call('GET', `/jobs/jobs/${interrupted!.jobId}`)).toMatchObject({ jobStatus: 'CANCELLED', message: 'The runner was stopped.' });
    const outputs = (await server.call('GET', `/datasets/datasets/${interrupted!.datasetId}`)).files.map((f: { name: string }) => f.name);
    expect(outputs).toContain('logfile.log');
    const [pid] = server.runnerPids();
    server.child.kill('SIGKILL');
    await server.exited;
    await waitFor(() => !isAlive(pid!), 15_000, server);
  });
});

function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, server: ServerProcess): Promise<T> {
  return pollUntil(check, timeoutMs, () => `server log:\n${server.lines.slice(-40).join('\n')}`);
}
