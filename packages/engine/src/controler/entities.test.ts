import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countEvents, getParam, readConfig, readScoreStats, writeOutput } from '@corridor/matsim';
import { doctypeWith } from '../../../matsim/test/entities.ts';
import { sharedData } from '../scenario/test-data.ts';
import { runEngine } from './run.ts';

describe('a config declaring entities in its DOCTYPE (as MATSim tutorials do)', () => {
  it('runs, with its input paths expanded from the entities', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-entities-'));
    const subset = `  <!ENTITY EQUIL "${sharedData('equil')}">\n  <!ENTITY NETWORK "&EQUIL;/network.xml">`;
    const config = readFileSync(sharedData('equil/config.xml'), 'utf8')
      .replace(/<!DOCTYPE config [^>]*>/, doctypeWith('config', 'config_v2', subset))
      .replace('value="network.xml"', 'value="&NETWORK;"')
      .replace('value="plans100.xml"', 'value="&EQUIL;/plans100.xml"');
    expect(config).toContain('<!ENTITY EQUIL');
    await writeOutput(join(dir, 'config.xml'), [config]);

    const output = join(dir, 'out');
    const result = await runEngine({ configPath: join(dir, 'config.xml'), overrides: [{ module: 'controler', param: 'lastIteration', value: '1' }], outputDir: output });
    expect(result).toEqual({ iterations: 2, outputDirectory: output });
    expect((await readScoreStats(join(output, 'scorestats.csv'))).entries.map((e) => e.iteration)).toEqual([0, 1]);
    expect(await countEvents(join(output, 'output_events.xml.gz'))).toBeGreaterThan(3000);
    const written = await readConfig(join(output, 'output_config.xml'));
    expect(getParam(written, 'network', 'inputNetworkFile')).toBe(sharedData('equil/network.xml'));
  });
});
