/**
 * global.numberOfThreads routes plans in worker threads (prepareForMobsim and ReRoute): the same seed must give
 * the same run, byte for byte, with one thread and with two.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeOutput } from '@corridor/matsim';
import { generateDemoScenario } from '../demo/index.ts';
import { runEngine } from './run.ts';

async function run(config: string, threads: number): Promise<{ dir: string; log: string[] }> {
  const dir = join(mkdtempSync(join(tmpdir(), `engine-threads-${threads}-`)), 'out');
  const log: string[] = [];
  await runEngine({
    configPath: config,
    overrides: [
      { module: 'controler', param: 'lastIteration', value: '3' },
      { module: 'global', param: 'numberOfThreads', value: String(threads) },
    ],
    outputDir: dir,
    log: (line) => log.push(line),
    // Every batch goes to the workers, however small.
    parallelRoutingFrom: 1,
  });
  return { dir, log };
}

/** An output file by its MATSim name; the demo's runId `demo` prefixes every file name. */
const text = (dir: string, name: string) => {
  const slash = name.lastIndexOf('/') + 1;
  const bytes = readFileSync(join(dir, `${name.slice(0, slash)}demo.${name.slice(slash)}`));
  return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
};

describe('numberOfThreads', () => {
  it('gives the same run with 1 and 2 routing threads', { timeout: 120_000 }, async () => {
    const scenario = mkdtempSync(join(tmpdir(), 'engine-threads-demo-'));
    for (const file of generateDemoScenario({ size: 6, persons: 300, seed: 17 }).files) {
      await writeOutput(join(scenario, file.name), file.text(), { gzip: file.name.endsWith('.gz') });
    }
    const one = await run(join(scenario, 'config.xml'), 1);
    const two = await run(join(scenario, 'config.xml'), 2);

    // The two-thread run did route in threads: the demo's route-less plans at iteration 0, ReRoute's later.
    const parallel = two.log.filter((line) => line.includes('PlanRouting:1'));
    expect(parallel[0]).toContain('routing 300 plans in 2 threads');
    expect(parallel.length).toBeGreaterThan(1);
    expect(one.log.some((line) => line.includes('PlanRouting:1'))).toBe(false);

    for (const name of ['scorestats.csv', 'modestats.csv', 'output_plans.xml.gz', 'ITERS/it.3/3.events.xml.gz', 'ITERS/it.1/1.plans.xml.gz', 'output_legs.csv.gz']) {
      expect(text(two.dir, name), name).toBe(text(one.dir, name));
    }
    // Replanning did change routes between iterations, so the comparison covers rerouted plans.
    expect(text(one.dir, 'ITERS/it.1/1.plans.xml.gz')).not.toBe(text(one.dir, 'ITERS/it.0/0.plans.xml.gz'));
  });
});
