// Part of `bomb-health` (issue 23, finding 4): the runner's memory while a job writes a 1.5 GB sparse
// scorestats.csv (`sparse-stats-job.mjs`: grown by ftruncate over 15 s, a row at each new end). A real server
// (no embedded runner) and the real runner process (`--unsandboxed`: the job is a Node script of this folder) run
// one job of a template whose command is that script; the runner's RSS is sampled from /proc every 100 ms. Prints
// the runner's RSS idle and peak (VmHWM), how the job ended, the run's stored outputs and the runner's log lines
// about the file. `SPARSE_STATS_RUNNER=<corridor-runner.mjs>` measures another checkout's runner (before/after).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../e2e/support/server.ts';
import { BenchClient } from './http-client.ts';

const MiB = 1 << 20;
const JOB = fileURLToPath(new URL('./sparse-stats-job.mjs', import.meta.url));
const RUNNER = fileURLToPath(new URL('../apps/runner/bin/corridor-runner.mjs', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM (peak) of a process, in bytes; zeros once it is gone. */
function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(/\d+/.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '')?.[0] ?? 0) * 1024;
    return { rss: kb('VmRSS:'), peak: kb('VmHWM:') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

export async function runnerRssWhileSparseStats(runnerBin = process.env.SPARSE_STATS_RUNNER ?? RUNNER): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'corridor-bench-sparse-'));
  const server = await startServer({ env: { EMBEDDED_RUNNER: 'false' } });
  let runner: ReturnType<typeof spawn> | undefined;
  try {
    const admin = new BenchClient(server.url);
    await admin.call('POST', '/accounts/setup', { username: 'bench', password: 'bench-password' });
    await admin.call('POST', '/accounts/login', { username: 'bench', password: 'bench-password' });
    const { token } = await admin.call<{ token: string }>('POST', '/jobs/runners', { description: 'bench', ipv4range: '127.0.0.1/32' });
    const scenario = await admin.demoScenario();
    const template = await admin.call<{ id: number }>('POST', '/jobs/templates', { name: 'Sparse statistics', command: `${process.execPath} ${JOB} $CONFIG` });

    runner = spawn(process.execPath, [runnerBin, '--server', server.url, '--name', 'bench', '--work', work, '--engines', work, '--unsandboxed'], {
      env: { ...process.env, CORRIDOR_RUNNER_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let runnerLog = '';
    for (const stream of [runner.stdout!, runner.stderr!]) stream.on('data', (chunk: Buffer) => (runnerLog += chunk.toString()));
    await sleep(3000);
    const idle = memoryOf(runner.pid!);

    const role = (name: string) => (name === 'config.xml' ? 'config' : name.startsWith('network') ? 'network' : 'population');
    const job = await admin.call<{ id: number; datasetId: number }>('POST', '/jobs/jobs', {
      type: 'matsim',
      name: 'Sparse statistics',
      group: scenario.groupId,
      scenarioId: scenario.id,
      files: scenario.files.filter((f) => !f.name.endsWith('.jar')).map((f) => ({ file: f.id, name: f.name, role: role(f.name) })),
      memory: '1g',
      programArgs: '',
      matsimRunId: 'sparse_1',
      jobTemplate: template.id,
    });
    let peakRss = 0;
    let status = '';
    const started = Date.now();
    for (;;) {
      peakRss = Math.max(peakRss, memoryOf(runner.pid!).rss);
      const state = await admin.call<{ jobStatus: string; message: string | null }>('GET', `/jobs/jobs/${job.id}`);
      status = `${state.jobStatus}${state.message ? `: ${state.message}` : ''}`;
      if (['FINISHED', 'FAILED', 'CANCELLED'].includes(state.jobStatus) || Date.now() - started > 300_000) break;
      await sleep(100);
    }
    const after = memoryOf(runner.pid!);
    const run = await admin.call<{ files: { name: string; size: number }[] }>('GET', `/datasets/datasets/${job.datasetId}`);
    const outputs = run.files.filter((f) => !scenario.files.some((s) => s.name === f.name));
    const stored = outputs.reduce((sum, f) => sum + f.size, 0);
    const logs = await admin.call<{ id: number; type: string }[]>('GET', `/datasets/datasets/${job.datasetId}/sysfiles`);
    const log = (await admin.download(`/datasets/sysfiles/${logs.find((f) => f.type === 'stdout')!.id}`)).toString();

    rows.push(['sparse stats: runner', runnerBin === RUNNER ? 'this checkout' : runnerBin]);
    rows.push(['sparse stats: job', `${status} after ${((Date.now() - started) / 1000).toFixed(1)} s`]);
    rows.push(['sparse stats: runner RSS', `idle ${(idle.rss / MiB).toFixed(0)} MiB, sampled peak ${(peakRss / MiB).toFixed(0)} MiB, VmHWM ${(after.peak / MiB).toFixed(0)} MiB, after ${(after.rss / MiB).toFixed(0)} MiB`]);
    rows.push(['sparse stats: outputs stored', `${outputs.length} files, ${(stored / MiB).toFixed(1)} MiB (scorestats.csv ${outputs.some((f) => f.name === 'scorestats.csv') ? 'stored' : 'not stored'})`]);
    for (const line of log.split('\n').filter((l) => l.includes('scorestats.csv') && l.startsWith('corridor-runner:'))) rows.push(['sparse stats: run log', line]);
    const warnings = runnerLog.split('\n').filter((l) => /stats|scorestats/.test(l)).length;
    rows.push(['sparse stats: runner warnings', `${warnings} lines about the statistics`]);
  } finally {
    runner?.kill('SIGTERM');
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runnerRssWhileSparseStats();
  const width = Math.max(...rows.map(([what]) => what.length));
  for (const [what, value] of rows) console.log(`${what.padEnd(width)}  ${value}`);
}
