/**
 * sbatch → RUNNING on the local Slurm cluster (`.ci/slurm-up`), as the Slurm runner sees it (issue 30): 10 small
 * batch jobs submitted one after another through the runner's own Slurm commands (`apps/runner/src/slurm/commands.ts`),
 * each polled every 50 ms until Slurm says RUNNING (or it already ended). Prints the sbatch call itself and sbatch →
 * RUNNING (p50, p95, max). The runner polls every CORRIDOR_SLURM_POLL_MS (2 s by default), which adds up to that much
 * before the run is reported STARTED.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { slurmCommands } from '../apps/runner/src/slurm/commands.ts';
import { slurmPhase } from '../apps/runner/src/slurm/states.ts';

const JOBS = 10;

async function main(): Promise<void> {
  try {
    await slurmCommands.partitionResources(undefined);
  } catch (error) {
    console.log(`Slurm is not up here (${(error as Error).message}); start it with .ci/slurm-up.`);
    process.exit(1);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-slurm-'));
  const script = path.join(dir, 'job.sbatch');
  await writeFile(script, `#!/bin/bash\n#SBATCH --mem=50M\n#SBATCH --output=${dir}/out-%j.txt\nsleep 1\n`);
  const submitMs: number[] = [];
  const startMs: number[] = [];
  try {
    for (let i = 0; i < JOBS; i++) {
      const t0 = performance.now();
      const id = await slurmCommands.submit(script, [], dir);
      submitMs.push(performance.now() - t0);
      for (;;) {
        const state = await slurmCommands.state(id);
        if (state && slurmPhase(state.state) !== 'waiting') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      startMs.push(performance.now() - t0);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
    return `| ${name} | ${at(0.5).toFixed(0)} | ${at(0.95).toFixed(0)} | ${sorted.at(-1)!.toFixed(0)} |`;
  };
  console.log(`| ${JOBS} jobs, ms | p50 | p95 | max |\n|---|---|---|---|`);
  console.log(row('sbatch call', submitMs));
  console.log(row('sbatch → RUNNING', startMs));
}

await main();
