/**
 * The scores of two real scenarios pinned to the last digit (issue 31: speed work must not change a result):
 * berlin-medium's first iteration with its own routes, and newwest's, whose plans have no routes (all routed
 * before the mobsim, in the routing threads). Any change to the mobsim's order of events, the router or the
 * scoring shows here.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countEvents, readScoreStats } from '@corridor/matsim';
import { sharedData } from '../scenario/test-data.ts';
import { runEngine } from './run.ts';

async function firstIteration(config: string, overrides: { module: string; param: string; value: string }[] = []) {
  const output = join(mkdtempSync(join(tmpdir(), 'engine-scores-')), 'out');
  await runEngine({ configPath: sharedData(config), overrides: [{ module: 'controler', param: 'lastIteration', value: '0' }, ...overrides], outputDir: output });
  const stats = await readScoreStats(join(output, 'scorestats.csv'));
  return { output, executed: stats.entries[0]!.executed };
}

describe('scores of real scenarios', () => {
  it('berlin-medium, iteration 0', { timeout: 120_000 }, async () => {
    const { output, executed } = await firstIteration('berlin-medium/config.xml');
    expect(executed).toBe(94.7531172691079);
    expect(await countEvents(join(output, 'output_events.xml.gz'))).toBe(1_645_689);
  });

  it('newwest, iteration 0 (every plan routed first)', { timeout: 120_000 }, async () => {
    const { executed } = await firstIteration('output-newwest-2024/input/config.xml', [
      // The input folder lacks the network file; the run's output network is the same network.
      { module: 'network', param: 'inputNetworkFile', value: sharedData('output-newwest-2024/output_network.xml.gz') },
    ]);
    expect(executed).toBe(109.81819982040717);
  });
});
