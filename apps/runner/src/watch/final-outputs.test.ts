import { describe, expect, it } from 'vitest';
import { finalOutputs } from './final-outputs.ts';

const files = (...paths: string[]) => paths.map((p) => ({ path: p, file: `/out/${p}` }));

describe('finalOutputs', () => {
  it('keeps the top-level files and the last iteration (by number, not by name), not earlier ones or other folders', () => {
    const all = files('ITERS/it.10/10.events.xml.gz', 'ITERS/it.2/2.events.xml.gz', 'ITERS/it.9/9.plans.xml.gz', 'logfile.log', 'output_network.xml.gz', 'scorestats.csv', 'tmp/x.txt');
    expect(finalOutputs(all).map((f) => f.path)).toEqual(['ITERS/it.10/10.events.xml.gz', 'logfile.log', 'output_network.xml.gz', 'scorestats.csv']);
  });

  it('keeps the top-level files when there are no iterations', () => {
    expect(finalOutputs(files('logfile.log')).map((f) => f.path)).toEqual(['logfile.log']);
  });
});
