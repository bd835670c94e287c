// The overhead the platform adds to a run (issue 6): wall time of `corridor-engine` on the demo scenario run directly
// vs. scheduled through the platform (schedule → claim → staging → streaming → upload → FINISHED), and the server's
// CPU and memory while 5 runs stream at once. Prints a table; the numbers go into the issue note.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { BenchClient as Client } from './http-client.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const engineBin = join(repoRoot, 'packages/engine/bin/corridor-engine.mjs');
const runnerBin = join(repoRoot, 'apps/runner/bin/corridor-runner.mjs');
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const PARALLEL = 5;

interface Row {
  what: string;
  value: string;
}
const rows: Row[] = [];
const add = (what: string, value: string) => rows.push({ what, value });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface FileEntry {
  id: number;
  name: string;
  tag: string | null;
}

function role(tag: string | null): 'config' | 'network' | 'population' | null {
  if (tag?.startsWith('config_v')) return 'config';
  if (tag?.startsWith('network_v')) return 'network';
  if (tag?.startsWith('population_v') || tag?.startsWith('plans_v')) return 'population';
  return null;
}

async function exitOf(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const child = spawn(command, args, { stdio: 'ignore', env });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? -1));
  });
}

/** CPU seconds (user + system) and RSS of a process, from /proc. */
function sample(pid: number): { cpu: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpu: ticks / 100, rss: rssKb * 1024 };
}

async function schedule(client: Client, scenario: { id: number; groupId: number; files: FileEntry[] }, n: number): Promise<number> {
  const files = scenario.files.flatMap((f) => {
    const r = role(f.tag);
    return r ? [{ file: f.id, name: f.name, role: r }] : [];
  });
  const answer = await client.call<{ datasetId: number }>('POST', '/jobs/jobs', {
    type: 'matsim',
    name: `bench ${n}`,
    group: scenario.groupId,
    files,
    scenarioId: scenario.id,
    description: '',
    changesets: [],
    memory: '2g',
    programArgs: `--config:controller.lastIteration=${ITERATIONS}`,
    resourceRequirements: { ramInGb: 2, cpuCores: 1 },
    matsimRunId: `bench_${n}`,
  });
  return answer.datasetId;
}

async function waitFinished(client: Client, runId: number): Promise<void> {
  for (;;) {
    const run = await client.call<{ run: { status: string | null; message: string | null } }>('GET', `/datasets/run/${runId}`);
    if (run.run.status === 'FINISHED') return;
    if (run.run.status === 'FAILED' || run.run.status === 'CANCELLED') throw new Error(`run ${runId} ${run.run.status}: ${run.run.message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'corridor-bench-runs-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer();
    const client = new Client(server.url);
    await client.call('POST', '/accounts/setup', { username: 'bench', password: 'bench-password' });
    const scenario = await client.demoScenario<FileEntry>();

    // Direct: the same input files, the engine alone.
    for (const file of scenario.files) writeFileSync(join(work, file.name), await client.download(`/datasets/files/${file.id}?dl=1`));
    const config = scenario.files.find((f) => role(f.tag) === 'config');
    if (!config) throw new Error('The demo scenario has no config.');
    const direct: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const code = await exitOf(process.execPath, [engineBin, join(work, config.name), `--config:controller.lastIteration=${ITERATIONS}`, '--output', join(work, `out-${i}`)]);
      if (code !== 0) throw new Error(`corridor-engine exited with ${code}`);
      direct.push(performance.now() - t0);
    }
    const directBest = Math.min(...direct);
    add(`corridor-engine directly (demo, ${ITERATIONS + 1} iterations, best of 3)`, seconds(directBest));

    // Through the platform: POST /jobs/jobs until GET /datasets/run/{id} says FINISHED (embedded runner).
    const through: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const runId = await schedule(client, scenario, i);
      await waitFinished(client, runId);
      through.push(performance.now() - t0);
    }
    const throughBest = Math.min(...through);
    add('scheduled through the platform (best of 3)', seconds(throughBest));
    const overhead = throughBest - directBest;
    add('platform overhead', `${seconds(overhead)} (${((overhead / directBest) * 100).toFixed(0)} %; goal ≤ max(2 s, 10 %))`);

    // Five at once on a second runner with room for five jobs.
    const token = await client.call<{ token: string }>('POST', '/jobs/runners', { description: 'bench', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' });
    const runner = spawn(process.execPath, [runnerBin, '--server', server.url, '--name', 'bench', '--cpus', String(PARALLEL), '--ram', '64', '--work', join(work, 'runner')], {
      stdio: 'ignore',
      env: { ...process.env, CORRIDOR_RUNNER_TOKEN: token.token },
    });
    try {
      const before = sample(server.pid);
      let peakRss = before.rss;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, sample(server!.pid).rss)), 200);
      const t0 = performance.now();
      const runs = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => schedule(client, scenario, 100 + i)));
      await Promise.all(runs.map((id) => waitFinished(client, id)));
      const wall = performance.now() - t0;
      clearInterval(sampler);
      const after = sample(server.pid);
      add(`${PARALLEL} runs at once: wall time`, seconds(wall));
      add(`${PARALLEL} runs at once: server CPU`, `${(after.cpu - before.cpu).toFixed(2)} s (${(((after.cpu - before.cpu) * 1000) / wall * 100).toFixed(0)} % of one core)`);
      add(`${PARALLEL} runs at once: server RSS`, `${(before.rss / 1e6).toFixed(0)} MB before, peak ${(peakRss / 1e6).toFixed(0)} MB`);
    } finally {
      runner.kill('SIGTERM');
    }
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map((r) => r.what.length));
  for (const row of rows) console.log(`${row.what.padEnd(width)}  ${row.value}`);
}

await main();
