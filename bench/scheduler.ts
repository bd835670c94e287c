// Scheduler throughput (issue 30): 1,000 queued runs claimed by 20 runners on PostgreSQL, through one server and
// through two server processes on the same database and DATA_DIR (runner i talks to server i mod 2). Each runner
// claims in a loop (the runner protocol's POST /jobs/runner/claim) until nothing is left; the table gives claims per
// second over the whole drain and the p50/p95/max latency of one claim call. Every job must be handed out exactly
// once (checked). Needs a PostgreSQL role that may create databases: BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g.
// postgres://t26:t26@localhost/postgres; a throwaway database is made and dropped.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const JOBS = Number(process.env.BENCH_SCHEDULER_JOBS ?? 1000);
const RUNNERS = 20;
const RESOURCES = { cpuCores: 1, ramInGb: 1 };

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('scheduler: set BENCH_DATABASE_URL to a PostgreSQL URL whose role may create databases (e.g. postgres://t26:t26@localhost/postgres).');
  process.exit(2);
}

function startServer(dataDir: string, databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      EMBEDDED_RUNNER: 'false',
      LOG_LEVEL: 'warn',
      // Runners that only claim send no heartbeats: nobody is declared lost during the bench.
      RUNNER_HEARTBEAT_TIMEOUT_MS: '3600000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^Corridor is listening on (http:\/\/[^ ]+)/.exec(line);
      if (match) resolve({ base: `http://127.0.0.1:${new URL(match[1]!).port}/api/v1`, child });
    });
  });
}

async function call<T>(base: string, method: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ answer: T; response: Response }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return { answer: (text ? JSON.parse(text) : undefined) as T, response };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function queueJobs(base: string, cookie: string, scenario: { id: number; groupId: number; files: { id: number; name: string; tag: string | null }[] }, round: string): Promise<void> {
  const role = (r: string) => {
    const file = scenario.files.find((f) => f.tag?.startsWith(`${r}_v`))!;
    return { file: file.id, name: file.name, role: r };
  };
  let next = 0;
  const worker = async () => {
    while (next < JOBS) {
      const n = next++;
      await call(base, 'POST', '/jobs/jobs', {
        type: 'matsim', name: `${round} ${n}`, group: scenario.groupId, files: ['config', 'network', 'population'].map(role), scenarioId: scenario.id,
        description: '', changesets: [], memory: '1g', programArgs: '', matsimRunId: `run_${n}`, resourceRequirements: RESOURCES,
      }, { cookie });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** 20 runners drain the queue; runner i uses bases[i mod bases.length]. */
async function drain(bases: string[], token: string): Promise<{ claimed: number; seconds: number; latencies: number[]; duplicates: number }> {
  const runners = await Promise.all(
    Array.from({ length: RUNNERS }, async (_, i) => {
      const base = bases[i % bases.length]!;
      const { answer } = await call<{ runnerId: string }>(base, 'POST', '/jobs/runner/connect', { name: `bench-${i}`, capabilities: ['engine'], totalResources: RESOURCES, availableResources: RESOURCES, jobs: [] }, { authorization: `Bearer ${token}` });
      return { base, headers: { authorization: `Bearer ${token}`, 'x-runner-id': answer.runnerId } };
    }),
  );
  const latencies: number[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  const started = performance.now();
  await Promise.all(
    runners.map(async (runner) => {
      for (;;) {
        const t0 = performance.now();
        const { answer } = await call<{ job: { jobId: number } | null }>(runner.base, 'POST', '/jobs/runner/claim', { claimId: randomUUID(), availableResources: RESOURCES }, runner.headers);
        latencies.push(performance.now() - t0);
        if (!answer.job) return;
        if (seen.has(answer.job.jobId)) duplicates++;
        seen.add(answer.job.jobId);
      }
    }),
  );
  return { claimed: seen.size, seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b), duplicates };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'corridor-bench-scheduler-'));
const databaseName = `corridor_bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client(adminUrl);
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const url = new URL(adminUrl);
url.pathname = `/${databaseName}`;
const servers: ChildProcess[] = [];
try {
  const one = await startServer(dataDir, url.toString());
  servers.push(one.child);
  const { response: setup } = await call(one.base, 'POST', '/accounts/setup', { username: 'bench', password: 'bench-password' });
  const cookie = setup.headers.get('set-cookie')!.split(';')[0]!;
  const { answer: me } = await call<{ groupId: number }>(one.base, 'GET', '/accounts/validate', undefined, { cookie });
  const { answer: created } = await call<{ id: number }>(one.base, 'POST', '/datasets/datasets', { groupId: me.groupId, key: 'demo', name: 'Demo', description: '', type: 'scenario', template: 'demo-grid', attributes: {} }, { cookie });
  const { answer: scenario } = await call<{ id: number; files: { id: number; name: string; tag: string | null }[] }>(one.base, 'GET', `/datasets/datasets/${created.id}`, undefined, { cookie });
  const { answer: runnerToken } = await call<{ token: string }>(one.base, 'POST', '/jobs/runners', { description: 'bench', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' }, { cookie });

  const rows: Record<string, string | number>[] = [];
  const bases = [one.base];
  for (const count of [1, 2]) {
    if (count === 2) {
      const two = await startServer(dataDir, url.toString());
      servers.push(two.child);
      bases.push(two.base);
    }
    const queueStart = performance.now();
    await queueJobs(one.base, cookie, { ...scenario, groupId: me.groupId }, `round ${count}`);
    const queueSeconds = (performance.now() - queueStart) / 1000;
    const result = await drain(bases, runnerToken.token);
    if (result.claimed !== JOBS || result.duplicates > 0) throw new Error(`${count} server(s): ${result.claimed} of ${JOBS} jobs claimed, ${result.duplicates} twice`);
    rows.push({
      servers: count,
      runners: RUNNERS,
      jobs: result.claimed,
      'claims/s': Math.round(result.claimed / result.seconds),
      'p50 ms': Number(percentile(result.latencies, 50).toFixed(1)),
      'p95 ms': Number(percentile(result.latencies, 95).toFixed(1)),
      'max ms': Number(result.latencies.at(-1)!.toFixed(1)),
      'drain s': Number(result.seconds.toFixed(2)),
      'queueing s': Number(queueSeconds.toFixed(1)),
    });
  }
  console.table(rows);
} finally {
  for (const child of servers) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
