// The whole pipeline on a run of the built-in engine: the demo scenario (as "create a demo scenario" makes it:
// a 6×6 grid city, 200 car commuters, seed 4711) generated into a temp folder and run for iteration 0; its output
// events and network read back like any MATSim output. Positions from the trajectories answer against positions
// interpolated from the link events by the test's own oracle, and link volumes against entered-link counts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoScenario, runEngine } from '@corridor/engine';
import { writeOutput } from '@corridor/matsim';
import { compareVolumes, expectSamplesAtEventPositions, expectVolumesAsCounted, readRunOutput, samplePositions, type RunOutput } from './testing/run-output.ts';

const PERSONS = 200;

let run: RunOutput;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trajectories-demo-'));
  for (const file of generateDemoScenario({ persons: PERSONS }).files) {
    await writeOutput(join(dir, file.name), file.text(), { gzip: file.name.endsWith('.gz') });
  }
  const output = join(dir, 'out');
  await runEngine({ configPath: join(dir, 'config.xml'), overrides: [{ module: 'controller', param: 'lastIteration', value: '0' }], outputDir: output });
  // The demo config's runId "demo" prefixes the output files; coordinates are EPSG:25832 metres around Hamburg.
  run = await readRunOutput(join(output, 'demo.output_network.xml.gz'), join(output, 'demo.output_events.xml.gz'));
}, 60_000);

describe('demo run of the built-in engine', () => {
  it('builds one segment per link interval of every commuter, all by car', () => {
    const { built, oracle, linkEvents } = run;
    expect(built.meta.totalEvents).toBe(run.totalEvents);
    expect(built.meta.unknownLinks).toBe(0);
    expect(built.meta.modes).toEqual(['car']);
    expect(built.meta.vehicles).toBe(PERSONS);
    expect(new Set(built.vehicleIds)).toEqual(new Set(linkEvents.map((e) => e.vehicle)));
    // Home → work → home: two stretches in traffic per commuter.
    expect(linkEvents.filter((e) => e.type === 'vehicle enters traffic')).toHaveLength(2 * PERSONS);
    const intervals = oracle.vehicles().reduce((n, v) => n + oracle.spans(v).length, 0);
    expect(built.meta.segments).toBe(intervals);
  });

  it('puts vehicles where their link events put them, in every 300 s window asked', () => {
    const { windows, samples } = samplePositions(run, run.oracle.vehicles(), 900);
    expectSamplesAtEventPositions(samples);
    const busy = windows.filter(({ answer }) => answer.paths > 0);
    expect(busy.length).toBeGreaterThan(5);
    expect(new Set(samples.map((s) => s.vehicle)).size).toBeGreaterThan(50);
    expect(samples.length).toBeGreaterThan(1000);
    // Samples on moving segments, not only waits at the end of departure links: many lie strictly between two nodes
    // (the grid's nodes are 1 km apart from the shifted origin, so a node has both coordinates at whole kilometres).
    const offNode = (v: number) => v % 1000 > 1 && v % 1000 < 999;
    const inside = samples.filter(({ expected: [x, y] }) => offNode(x) || offNode(y));
    expect(inside.length).toBeGreaterThan(samples.length / 4);
  });

  it('counts link volumes as the entered-link events say', () => {
    const comparisons = compareVolumes(run, 1);
    expectVolumesAsCounted(comparisons);
    expect(comparisons.filter(({ expected }) => Object.keys(expected).length > 0).length).toBeGreaterThan(4);
    const total = Object.values(comparisons.at(-1)!.actual).reduce((a, b) => a + b, 0);
    expect(total).toBe(run.linkEvents.filter((e) => e.type === 'entered link').length);
    expect(total).toBeGreaterThan(2 * PERSONS);
  });
});
