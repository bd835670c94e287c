import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDemoScenario } from '@corridor/engine';
import { getParam, readConfig, writeOutput } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteConfig, writeWorkingConfig } from './working-config.ts';

const SHARED_DATA = path.resolve(import.meta.dirname, '../../../../../shared/data');

describe('the working config', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'runner-config-'));
    for (const file of generateDemoScenario({ size: 3, persons: 5 }).files) {
      await writeOutput(path.join(dir, file.name), file.text(), { gzip: file.name.endsWith('.gz') });
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('points the demo config (new module names) at the staged files, the output directory and the run id', async () => {
    const working = path.join(dir, 'working.xml');
    await writeWorkingConfig(path.join(dir, 'config.xml'), working, {
      files: [
        { role: 'config', path: path.join(dir, 'config.xml') },
        { role: 'network', path: '/stage/input/network.xml.gz' },
        { role: 'population', path: '/stage/input/population.xml.gz' },
        { role: 'input', path: '/stage/input/counts.xml' },
      ],
      outputDirectory: '/stage/output',
      matsimRunId: 'demo_1',
    });
    const config = await readConfig(working);
    expect(getParam(config, 'network', 'inputNetworkFile')).toBe('/stage/input/network.xml.gz');
    expect(getParam(config, 'plans', 'inputPlansFile')).toBe('/stage/input/population.xml.gz');
    expect(getParam(config, 'controller', 'outputDirectory')).toBe('/stage/output');
    expect(getParam(config, 'controller', 'runId')).toBe('demo_1');
    const text = await readFile(working, 'utf8');
    expect(text).toContain('<module name="controller" >');
    expect(text).not.toContain('name="controler"');
    // The rest of the config stays the scenario's own.
    const original = await readConfig(path.join(dir, 'config.xml'));
    expect(getParam(config, 'controller', 'lastIteration')).toBe(getParam(original, 'controller', 'lastIteration'));
    expect(config.modules.map((m) => m.name)).toEqual(original.modules.map((m) => m.name));
  });

  it('keeps the old module names of an old config and sets the transit files', async () => {
    const original = await readConfig(path.join(SHARED_DATA, 'pt-tutorial/0.config.xml'));
    const config = rewriteConfig(original, {
      files: [
        { role: 'network', path: '/in/multimodalnetwork.xml' },
        { role: 'population', path: '/in/0.plans.xml.gz' },
        { role: 'transitschedule', path: '/in/transitschedule.xml' },
        { role: 'transitvehicles', path: '/in/transitVehicles.xml' },
        { role: 'vehicles', path: '/in/vehicles.xml' },
        { role: 'facilities', path: '/in/facilities.xml' },
      ],
      outputDirectory: '/out',
      matsimRunId: 'pt_3',
    });
    const controlers = config.modules.filter((m) => m.name === 'controler');
    expect(controlers).toHaveLength(1);
    expect(config.modules.some((m) => m.name === 'controller')).toBe(false);
    expect(getParam(config, 'controler', 'outputDirectory')).toBe('/out');
    expect(getParam(config, 'controler', 'runId')).toBe('pt_3');
    expect(getParam(config, 'transit', 'transitScheduleFile')).toBe('/in/transitschedule.xml');
    expect(getParam(config, 'transit', 'vehiclesFile')).toBe('/in/transitVehicles.xml');
    expect(getParam(config, 'vehicles', 'vehiclesFile')).toBe('/in/vehicles.xml');
    expect(getParam(config, 'facilities', 'inputFacilitiesFile')).toBe('/in/facilities.xml');
    expect(getParam(config, 'plans', 'inputPlansFile')).toBe('/in/0.plans.xml.gz');
    // The given config is left as it was.
    expect(getParam(original, 'controler', 'outputDirectory')).toBe('./output/pt-tutorial');
  });
});
