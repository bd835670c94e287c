// The whole pipeline on real MATSim output (../shared/data/output-newwest-2024: 450 cars on a 72k-link OSM network,
// 377,638 events): positions from the trajectories answer against positions interpolated from the link events by
// the test's own oracle, and link volumes against counts of the entered-link events.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVolumes, expectSamplesAtEventPositions, expectVolumesAsCounted, readRunOutput, samplePositions, type RunOutput } from './testing/run-output.ts';

const DIR = fileURLToPath(new URL('../../../../shared/data/output-newwest-2024/', import.meta.url));

let run: RunOutput;

beforeAll(async () => {
  // Raw EPSG:26910 metres, shifted to the network's corner (the package does not care about the CRS).
  run = await readRunOutput(`${DIR}output_network.xml.gz`, `${DIR}output_events.xml.gz`);
}, 120_000);

describe('newwest events', () => {
  it('builds one segment per link interval and one mode', () => {
    const { built, oracle, linkEvents } = run;
    expect(run.totalEvents).toBe(377_638);
    expect(built.meta.totalEvents).toBe(377_638);
    expect(linkEvents.filter((e) => e.type === 'entered link')).toHaveLength(185_219);
    expect(built.meta.unknownLinks).toBe(0);
    expect(built.meta.modes).toEqual(['car']);
    expect(built.meta.vehicles).toBe(new Set(linkEvents.map((e) => e.vehicle)).size);
    const intervals = oracle.vehicles().reduce((n, v) => n + oracle.spans(v).length, 0);
    expect(built.meta.segments).toBe(intervals);
  });

  it('puts sampled vehicles where their link events put them', () => {
    const vehicles = run.oracle.vehicles().filter((_, i) => i % 9 === 0);
    const { windows, samples } = samplePositions(run, vehicles, 1800);
    expectSamplesAtEventPositions(samples);
    expect(samples.length).toBeGreaterThan(500);
    // Relative speeds are never negative (stationary: 0; NaN only for a zero-length stay).
    for (const { answer } of windows) {
      for (let i = 0; i < answer.points.length; i += 4) expect(answer.points[i + 3]! >= 0 || Number.isNaN(answer.points[i + 3])).toBe(true);
    }
  });

  it('counts link volumes as the entered-link events say', () => {
    const comparisons = compareVolumes(run, 2);
    expectVolumesAsCounted(comparisons);
    expect(comparisons.length).toBeGreaterThan(2);
  });
});
