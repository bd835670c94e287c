// The built-in engine on berlin-medium (27,770 links, 15,931 car commuters; issue 5 asks for one iteration in
// < 10 s and < 1 GB): 1 and 5 iterations, each run in its own Node process so the peak RSS is that run's own.
// Reports the wall time of runEngine (loading, iterations, final outputs; not Node/tsx start-up), the wall time per
// iteration from the run's stopwatch.csv, peak RSS and agents × iterations per second. Output goes to a temp folder
// that is removed afterwards. Events are written as MATSim's defaults say: iteration 0 and the last iteration.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readStopwatch, streamPersons } from '@corridor/matsim';
import { runEngine } from '../packages/engine/src/controler/run.ts';

const DATA = fileURLToPath(new URL('../../shared/data/berlin-medium/', import.meta.url));
const CONFIG = join(DATA, 'config.xml');

interface Measurement {
  iterations: number;
  seconds: number;
  iterationSeconds: number[];
  peakRssMb: number;
}

async function measure(iterations: number): Promise<Measurement> {
  const dir = mkdtempSync(join(tmpdir(), 'corridor-bench-engine-'));
  try {
    const start = performance.now();
    await runEngine({
      configPath: CONFIG,
      overrides: [{ module: 'controler', param: 'lastIteration', value: String(iterations - 1) }],
      outputDir: join(dir, 'out'),
    });
    const seconds = (performance.now() - start) / 1000;
    const stopwatch = await readStopwatch(join(dir, 'out', 'stopwatch.csv'));
    return {
      iterations,
      seconds,
      iterationSeconds: stopwatch.entries.map((e) => e.durations.iteration ?? NaN),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function inChild(iterations: number): Measurement {
  const file = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file, '--measure', String(iterations)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`engine run failed:\n${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Measurement;
}

async function main(): Promise<void> {
  let agents = 0;
  for await (const _ of streamPersons(join(DATA, 'plans_hwh_1pct.xml.gz'))) agents++;
  const rows = [['iterations', 'runEngine wall time', 'per iteration (stopwatch)', 'peak RSS', 'agents × iterations / s']];
  for (const iterations of [1, 5]) {
    const m = inChild(iterations);
    rows.push([
      String(iterations),
      `${m.seconds.toFixed(1)} s`,
      m.iterationSeconds.map((s) => `${s.toFixed(0)} s`).join(', '),
      `${m.peakRssMb.toFixed(0)} MB`,
      Math.round((agents * iterations) / m.seconds).toLocaleString('en'),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  console.log(`berlin-medium: ${agents.toLocaleString('en')} agents; stopwatch durations are whole seconds as MATSim writes them`);
}

const args = process.argv.slice(2);
if (args[0] === '--measure') {
  console.log(JSON.stringify(await measure(Number(args[1]))));
} else {
  await main();
}
