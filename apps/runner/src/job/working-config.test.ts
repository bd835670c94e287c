import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileRole } from '@corridor/contract';
import { generateDemoScenario } from '@corridor/engine';
import { getParam, parseConfigText, readConfig, setParam, writeOutput, type Config } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideFileMessage, rewriteConfig, WorkingConfigError, writeWorkingConfig } from './working-config.ts';

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

  it("points every file param at the staged copies: DRT's vehicles and stops inside parametersets (mielec)", async () => {
    const original = await readConfig(path.join(SHARED_DATA, 'configs/new-naming/mielec_stop_based_drt_config.xml'));
    const config = rewriteInJob(original, [
      staged('network', 'network.xml'),
      staged('population', 'plans_only_drt_1.0.xml.gz'),
      staged('input', 'vehicles-10-cap-4.xml'),
      staged('input', 'drtstops_wLinkIds_lessStops.xml'),
    ]);
    const drt = setParams(config, 'multiModeDrt', 'drt');
    expect(drt.get('vehiclesFile')).toBe('/job/input/vehicles-10-cap-4.xml');
    expect(drt.get('transitStopFile')).toBe('/job/input/drtstops_wLinkIds_lessStops.xml');
    expect(getParam(config, 'controller', 'outputDirectory')).toBe('/job/output');
  });

  it('points change events, counts, lanes and households of a full MATSim config at the files of the same name, wherever the config had them', async () => {
    let original = await readConfig(path.join(SHARED_DATA, 'configs/new-naming/output_config_matsim2024.xml'));
    original = setParam(original, 'network', 'inputChangeEventsFile', '/home/modeller/berlin/networkChangeEvents.xml.gz');
    original = setParam(original, 'counts', 'inputCountsFile', '../../counts/counts_car.xml');
    original = setParam(original, 'network', 'laneDefinitionsFile', 'lanes.xml');
    original = setParam(original, 'households', 'inputFile', 'https://svn.example.org/households.xml.gz');
    const config = rewriteInJob(original, [
      staged('network', 'network.xml'),
      staged('population', 'plans100.xml'),
      staged('input', 'networkChangeEvents.xml.gz'),
      staged('input', 'counts_car.xml'),
      staged('input', 'households.xml.gz'),
    ]);
    expect(getParam(config, 'network', 'inputChangeEventsFile')).toBe('/job/input/networkChangeEvents.xml.gz');
    expect(getParam(config, 'counts', 'inputCountsFile')).toBe('/job/input/counts_car.xml');
    expect(getParam(config, 'households', 'inputFile')).toBe('/job/input/households.xml.gz');
    // A relative name of no staged file stays: it is read inside the job folder (and its absence is the engine's to report).
    expect(getParam(config, 'network', 'laneDefinitionsFile')).toBe('lanes.xml');
    // Unset file params and params that only mention files stay as they were.
    expect(getParam(config, 'facilities', 'inputFacilitiesFile')).toBe('null');
    expect(getParam(config, 'plans', 'insistingOnUsingDeprecatedPersonAttributeFile')).toBe('false');
    expect(getParam(config, 'controller', 'overwriteFiles')).toBe(getParam(original, 'controller', 'overwriteFiles'));
  });

  it('refuses a config that names files outside the job folder that the run does not have, naming each param', async () => {
    let original = await readConfig(path.join(SHARED_DATA, 'configs/new-naming/mielec_stop_based_drt_config.xml'));
    original = setParam(original, 'network', 'inputChangeEventsFile', '/etc/passwd');
    original = setParam(original, 'counts', 'inputCountsFile', 'file:///root/.ssh/id_rsa');
    const rewrite = () => rewriteInJob(original, [staged('network', 'network.xml')]);
    expect(rewrite).toThrow(WorkingConfigError);
    // The DRT files are relative names: they stay (inside the job folder), only the two outside ones are refused.
    expect(rewrite).toThrow(
      [outsideFileMessage('network.inputChangeEventsFile', '/etc/passwd'), outsideFileMessage('counts.inputCountsFile', 'file:///root/.ssh/id_rsa')].join(' '),
    );
    // A file inside a parameterset that climbs out of the job folder.
    const text = await readFile(path.join(SHARED_DATA, 'configs/new-naming/mielec_stop_based_drt_config.xml'), 'utf8');
    const climbing = parseConfigText(text.replace('value="vehicles-10-cap-4.xml"', 'value="../../../other-job/vehicles.xml"'));
    expect(() => rewriteInJob(climbing, [])).toThrow(
      outsideFileMessage('multiModeDrt.drt.vehiclesFile', '../../../other-job/vehicles.xml'),
    );
  });
});

/** A file staged in the job folder /job under its own name. */
function staged(role: FileRole, name: string) {
  return { role, name, path: `/job/input/${name}` };
}

/** The config rewritten for a job in /job. */
function rewriteInJob(config: Config, files: ReturnType<typeof staged>[]): Config {
  return rewriteConfig(config, { files, outputDirectory: '/job/output', matsimRunId: 'run_1' });
}

/** The params of the first parameterset of `type` in `module`. */
function setParams(config: Config, module: string, type: string): Map<string, string> {
  const set = config.modules.find((m) => m.name === module)!.entries.find((e) => e.kind === 'parameterset' && e.type === type);
  if (set?.kind !== 'parameterset') throw new Error(`no ${type} parameterset`);
  return new Map(set.entries.flatMap((e) => (e.kind === 'param' ? [[e.name, e.value] as const] : [])));
}

