/**
 * A bad network between the runner and a real server: the runner talks to the server through a proxy that can lose
 * an answer after the server acted on the request, or drop every connection for a while. The runner must retry
 * a claim with the same claimId (so the job whose answer was lost comes back and runs once), and ride out an
 * outage mid-run without losing or repeating log lines; after an outage the server gave up on, connect again keeping
 * its id, stop the job it lost, and work on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from '../../server/test/harness.ts';
import { signIn, type Session } from '../../server/test/workspace-helpers.ts';
import { isAlive, pollUntil } from './support.ts';

const RUNNER_BIN = fileURLToPath(new URL('../bin/corridor-runner.mjs', import.meta.url));

let t: TestApp;
let admin: Session;
let proxy: Server;
let workDir: string;
let runner: ChildProcess | undefined;
const runnerLines: string[] = [];

/** What the proxy does: `down` drops every connection; `loseClaimAnswer` drops the first answer that carries a job. */
const faults = { down: false, loseClaimAnswer: false };
const claims: { claimId: string; jobId: number | null; answered: boolean }[] = [];
const connects: { runnerId?: string; jobs: number[]; answeredId: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_HEARTBEAT_MS: '250', RUNNER_HEARTBEAT_TIMEOUT_MS: '6000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const upstream = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  proxy = createServer((request, response) => {
    void (async () => {
      if (faults.down) return request.socket.destroy();
      const body = await read(request);
      const answer = await fetch(`${upstream}${request.url}`, {
        method: request.method,
        headers: pick(request, ['authorization', 'content-type', 'x-runner-id']),
        body: body.length ? body : undefined,
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (request.url?.endsWith('/jobs/runner/connect') && answer.ok) {
        const hello = JSON.parse(body.toString()) as { runnerId?: string; jobs: number[] };
        connects.push({ runnerId: hello.runnerId, jobs: hello.jobs, answeredId: (JSON.parse(bytes.toString()) as { runnerId: string }).runnerId });
      }
      if (request.url?.endsWith('/jobs/runner/claim')) {
        const job = answer.ok ? (JSON.parse(bytes.toString()) as { job: { jobId: number } | null }).job : null;
        const lose = faults.loseClaimAnswer && job !== null;
        claims.push({ claimId: (JSON.parse(body.toString()) as { claimId: string }).claimId, jobId: job?.jobId ?? null, answered: !lose });
        if (lose) {
          faults.loseClaimAnswer = false;
          return request.socket.destroy(); // the server claimed the job; the runner never hears of it
        }
      }
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
      response.end(bytes);
    })().catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

  await setupAdmin(t.app);
  admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  workDir = await mkdtemp(path.join(tmpdir(), 'runner-faults-'));
  const { token } = await call('POST', '/jobs/runners', { description: 'behind a proxy', ipv4range: '127.0.0.1/32' });
  runner = spawn(
    process.execPath,
    [RUNNER_BIN, '--server', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, '--name', 'proxied', '--work', workDir, '--cpus', '1', '--ram', '4'],
    { env: { ...process.env, CORRIDOR_RUNNER_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [runner.stdout!, runner.stderr!]) createInterface({ input: stream }).on('line', (line) => runnerLines.push(line));
}, 60_000);

afterAll(async () => {
  if (runner && runner.exitCode === null) {
    const exited = new Promise((resolve) => runner!.once('exit', resolve));
    runner.kill('SIGTERM');
    await exited;
  }
  if (proxy) {
    const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
    proxy.closeAllConnections();
    await closed;
  }
  await t?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a runner behind an unreliable network', { timeout: 120_000 }, () => {
  it('after an outage longer than the heartbeat timeout: connects again with its id, stops the lost job, works on', async () => {
    const { id: jobId, datasetId } = await schedule('forgotten', '--config:controller.lastIteration=1000');
    await waitFor(async () => (await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration >= 1);
    const pidLine = runnerLines.find((l) => l.includes(`job ${jobId}: started (pid `))!;
    const pid = Number(/\(pid (\d+)\)/.exec(pidLine)![1]);
    const [first] = connects;
    expect(first).toMatchObject({ runnerId: undefined, jobs: [] });

    faults.down = true;
    // The server gives up on the silent runner: its job fails, the runner is forgotten.
    const failed = await waitFor(async () => {
      const job = await call('GET', `/jobs/jobs/${jobId}`);
      return job.jobStatus === 'FAILED' ? job : undefined;
    });
    expect(failed.message).toBe(`The runner proxied stopped sending heartbeats; the run was marked as failed.`);
    faults.down = false;

    // The runner connects again with the same id and its job, learns the job is not its any more, and stops it.
    await waitFor(async () => connects.length >= 2 && !isAlive(pid));
    expect(connects[1]).toEqual({ runnerId: first!.answeredId, jobs: [jobId], answeredId: first!.answeredId });
    expect(await call('GET', `/jobs/jobs/${jobId}`)).toMatchObject({ jobStatus: 'FAILED' });

    // …and takes the next run.
    const next = await schedule('after_outage', '--config:controller.lastIteration=0');
    expect(await waitForJob(next.id)).toMatchObject({ jobStatus: 'FINISHED', runnerName: 'proxied' });
  });

  it('retries a claim whose answer was lost with the same claimId and runs that job exactly once', async () => {
    faults.loseClaimAnswer = true;
    const { id: jobId, datasetId } = await schedule('lost_answer', '--config:controller.lastIteration=1');
    const job = await waitForJob(jobId);
    expect(job.jobStatus).toBe('FINISHED');

    const forJob = claims.filter((c) => c.jobId === jobId);
    expect(forJob).toHaveLength(2);
    expect(forJob[0]!.answered).toBe(false);
    expect(forJob[1]).toEqual({ claimId: forJob[0]!.claimId, jobId, answered: true });
    expect(runnerLines.filter((l) => l.includes(`job ${jobId}: claimed`))).toHaveLength(1);
    expect((await runLog(datasetId)).match(/### ITERATION 0 BEGINS/g)).toHaveLength(1);
  });

  it('rides out a server that is unreachable for a while mid-run, with every log line sent once', async () => {
    const { id: jobId, datasetId } = await schedule('outage', '--config:controller.lastIteration=8');
    await waitFor(async () => (await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration >= 1);
    faults.down = true;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    faults.down = false;

    const job = await waitForJob(jobId);
    expect(job.jobStatus).toBe('FINISHED');
    expect(runnerLines.some((l) => /heartbeat failed: .*no answer from the server/.test(l))).toBe(true);
    const log = await runLog(datasetId);
    for (let i = 0; i <= 8; i++) expect(log.match(new RegExp(`### ITERATION ${i} BEGINS`, 'g'))).toHaveLength(1);
    const run = await call('GET', `/datasets/run/${datasetId}`);
    expect(run.run.currentIteration).toBe(8);
  });
});

// ---- helpers ---------------------------------------------------------------------------------------------

function read(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function pick(request: IncomingMessage, names: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `${API}${url}`, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function schedule(key: string, programArgs: string): Promise<{ id: number; datasetId: number }> {
  let scenario = (await call('GET', '/datasets/scenarios')).find((s: { key: string }) => s.key === 'demo');
  if (!scenario) {
    scenario = await call('POST', '/datasets/datasets', {
      groupId: admin.groupId, key: 'demo', name: 'Demo', description: '', type: 'scenario', template: 'demo-grid', attributes: {},
    });
  }
  const { files } = await call('GET', `/datasets/datasets/${scenario.id}`);
  const role = (name: string) => (name === 'config.xml' ? 'config' : name.startsWith('network') ? 'network' : 'population');
  return call('POST', '/jobs/jobs', {
    type: 'matsim', name: key, group: admin.groupId, scenarioId: scenario.id, memory: '1g', programArgs, matsimRunId: key,
    files: files.map((f: { id: number; name: string }) => ({ file: f.id, name: f.name, role: role(f.name) })),
  });
}

async function waitForJob(jobId: number) {
  return waitFor(async () => {
    const job = await call('GET', `/jobs/jobs/${jobId}`);
    return ['FINISHED', 'FAILED', 'CANCELLED'].includes(job.jobStatus) ? job : undefined;
  });
}

async function runLog(datasetId: number): Promise<string> {
  const files: { id: number; type: string }[] = await call('GET', `/datasets/datasets/${datasetId}/sysfiles`);
  const log = files.find((f) => f.type === 'stdout')!;
  return (await t.app.inject({ url: `${API}/datasets/sysfiles/${log.id}`, headers: { cookie: admin.cookie } })).body;
}

function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  return pollUntil(check, timeoutMs, () => runnerLines.slice(-30).join('\n'));
}
