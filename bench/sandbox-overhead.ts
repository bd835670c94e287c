// What the bubblewrap sandbox costs a run (issue 11): wall time of `corridor-engine` on the demo scenario started
// directly vs. started as the runner starts a job (Sandbox.launch: bwrap, as nobody when root, the job folder
// handed over), alternating, best and median of 5 each; plus the runner's one-time probe at start. Same minimal
// environment both ways. `BENCH_ITERATIONS` (default 10) sets `controller.lastIteration`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateDemoScenario } from '@corridor/engine';
import { writeOutput } from '@corridor/matsim';
import { engineArgv } from '../apps/runner/src/job/command.ts';
import { directLaunch, Sandbox, sandboxEnvironment, type Launch } from '../apps/runner/src/job/sandbox.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const ROUNDS = 5;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Wall time from spawn to exit; throws unless the engine exits 0. */
async function timed(launch: Launch): Promise<number> {
  const start = performance.now();
  const child = spawn(launch.program, launch.args, { ...launch.options, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${launch.sandboxed ? 'sandboxed' : 'direct'} run exited with ${code}: ${errors}`);
  return performance.now() - start;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { best: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
};

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'corridor-bench-sandbox-'));
  try {
    const demo = generateDemoScenario().files;
    /** A fresh job folder with the demo scenario in input/, as the runner stages one. */
    const jobFolder = async (name: string) => {
      const job = join(work, name);
      await mkdir(join(job, 'input'), { recursive: true });
      for (const file of demo) await writeOutput(join(job, 'input', file.name), file.text(), { gzip: file.name.endsWith('.gz') });
      return job;
    };

    const probeStart = performance.now();
    const started = await Sandbox.start({ bwrap: process.env.CORRIDOR_BWRAP ?? 'bwrap', workDir: work, releasesDir: join(work, 'engines'), hidden: [], java: 'java', env: process.env });
    const probe = performance.now() - probeStart;
    if (!('sandbox' in started)) throw new Error(`no sandbox: ${started.problem}`);

    const argv = [...engineArgv(), 'input/config.xml', `--config:controller.lastIteration=${ITERATIONS}`, '--output', 'output'];
    const direct: number[] = [];
    const sandboxed: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const job = await jobFolder(`job-direct-${i}`);
      direct.push(await timed(directLaunch(argv, job, { ...sandboxEnvironment(process.env), HOME: job })));
      const launch = await started.sandbox.launch(argv, await jobFolder(`job-sandboxed-${i}`), process.env, { memory: '1g', name: `job-sandboxed-${i}` });
      if ('problem' in launch) throw new Error(launch.problem);
      sandboxed.push(await timed(launch));
    }
    const d = stats(direct);
    const s = stats(sandboxed);
    const rows: [string, string][] = [
      [`demo run directly (${ITERATIONS + 1} iterations; best / median of ${ROUNDS})`, `${seconds(d.best)} / ${seconds(d.median)}`],
      [`demo run in bubblewrap${process.getuid?.() === 0 ? ' as nobody' : ''} (best / median of ${ROUNDS})`, `${seconds(s.best)} / ${seconds(s.median)}`],
      ['sandbox overhead (best, median)', `${seconds(s.best - d.best)} (${(((s.best - d.best) / d.best) * 100).toFixed(1)} %), ${seconds(s.median - d.median)}`],
      ['runner start-up probe (once)', seconds(probe)],
    ];
    const width = Math.max(...rows.map(([what]) => what.length));
    for (const [what, value] of rows) console.log(`${what.padEnd(width)}  ${value}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
