import { readConfig, readPopulation, type Config } from '@corridor/matsim';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEngineConfig } from './config.ts';
import { loadScenario } from './load.ts';
import { BASE, configText, module, sharedData } from './test-data.ts';
import { unsupportedFeatures } from './unsupported.ts';


describe('readEngineConfig', () => {
  it('reads the old-named equil 2024 config with MATSim defaults for the rest', async () => {
    const path = sharedData('output-equil-2024/input/config.xml');
    const config = readEngineConfig(await readConfig(path), dirname(path));
    expect(config.networkFile).toBe(sharedData('output-equil-2024/input/network.xml'));
    expect(config.plansFile).toBe(sharedData('output-equil-2024/input/plans100.xml'));
    expect(config.outputDirectory).toBe(sharedData('output-equil-2024/input/output'));
    expect(config).toMatchObject({ firstIteration: 0, lastIteration: 10, randomSeed: 4711, coordinateSystem: 'Atlantis', writeEventsInterval: 50, travelTimeBinSize: 900 });
    // endTime 00:00:00 means "until everyone has arrived".
    expect(config.qsim).toEqual({ startTime: 0, endTime: undefined, flowCapacityFactor: 1, storageCapacityFactor: 1, stuckTime: 10, removeStuckVehicles: false, mainModes: ['car'] });
    expect(config.networkModes).toEqual(['car']);
    expect(config.teleported.get('walk')).toEqual({ speed: 3 / 3.6, beelineDistanceFactor: 1.3 });
    expect(config.teleported.get('pt')).toEqual({ freespeedFactor: 2, beelineDistanceFactor: 1.3 });
    expect(config.teleported.has('car')).toBe(false);
    // planCalcScore/strategy under their old names reach the scoring and replanning readers.
    expect(config.scoring.brainExpBeta).toBe(2);
    expect(config.scoring.activities.get('w')?.latestStartTime).toBe(9 * 3600);
    expect(config.replanning.strategies.map((s) => [s.strategyName, s.weight])).toEqual([['BestScore', 0.9], ['ReRoute', 0.1]]);
  });

  it('reads berlin with its controler module given twice', async () => {
    const path = sharedData('berlin-medium/config.xml');
    const config = readEngineConfig(await readConfig(path), dirname(path));
    expect(config.lastIteration).toBe(0);
    expect(config.coordinateSystem).toBe('GK4');
    expect(config.plansFile).toBe(sharedData('berlin-medium/plans_hwh_1pct.xml.gz'));
  });

  it('reads qsim, routing and travelTimeCalculator values in new names, sets wiping the teleport defaults', async () => {
    const teleport = `<parameterset type="teleportedModeParameters"><param name="mode" value="bike" /><param name="teleportedModeSpeed" value="4.0" /></parameterset>`;
    const config = readEngineConfig(
      await readConfig(
        configText(
          BASE +
            module('controller', { runId: 'r1', writeEventsInterval: '5' }) +
            module('qsim', { flowCapacityFactor: '0.1', storageCapacityFactor: '0.3', stuckTime: '30.0', removeStuckVehicles: 'true', endTime: '30:00:00', mainMode: 'car,truck' }) +
            module('routing', { networkModes: 'car,truck', beelineDistanceFactor: '1.5' }, teleport) +
            module('travelTimeCalculator', { travelTimeBinSize: '00:05:00' }),
        ),
      ),
      '/base',
    );
    expect(config.runId).toBe('r1');
    expect(config.networkFile).toBe('/base/n.xml');
    expect(config.qsim).toEqual({ startTime: undefined, endTime: 30 * 3600, flowCapacityFactor: 0.1, storageCapacityFactor: 0.3, stuckTime: 30, removeStuckVehicles: true, mainModes: ['car', 'truck'] });
    expect(config.networkModes).toEqual(['car', 'truck']);
    expect([...config.teleported]).toEqual([['bike', { speed: 4, beelineDistanceFactor: 1.5 }]]);
    expect(config.travelTimeBinSize).toBe(300);
  });
});

describe('unsupportedFeatures', () => {
  it('names transit, DVRP/DRT modules, other mobsims and unknown strategies', async () => {
    const strategy = `<parameterset type="strategysettings"><param name="strategyName" value="SelectPathSizeLogit" /><param name="weight" value="1" /></parameterset>`;
    const config: Config = await readConfig(
      configText(
        BASE +
          module('transit', { useTransit: 'true' }) +
          module('dvrp', {}) +
          module('multiModeDrt', {}) +
          module('controler', { mobsim: 'hermes' }) +
          module('strategy', { Module_1: 'ChangeExpBeta', ModuleProbability_1: '0.8' }, strategy),
      ),
    );
    expect(unsupportedFeatures(config)).toEqual([
      'public transport (schedule, transit vehicles, pt router) (transit.useTransit=true)',
      'the dvrp module (DVRP, a contrib the engine does not have)',
      'the multiModeDrt module (DRT, a contrib the engine does not have)',
      'controller.mobsim=hermes (other mobsims; the engine runs only with qsim)',
      'replanning strategy SelectPathSizeLogit',
    ]);
  });
});

describe('loadScenario', () => {
  it('loads the equil 2024 inputs (from the equil folder) with overrides applied', async () => {
    // output-equil-2024/input holds only the config; its network and plans are equil's (SOURCE.md).
    const scenario = await loadScenario(sharedData('equil/config.xml'), { 'qsim.flowCapacityFactor': '0.5', 'controler.lastIteration': '3' });
    expect(scenario.config.qsim.flowCapacityFactor).toBe(0.5);
    expect(scenario.config.lastIteration).toBe(3);
    expect(scenario.network.linkIds).toHaveLength(23);
    expect(scenario.network.nodeIds).toHaveLength(15);
    expect(scenario.persons).toHaveLength(100);
    // v4 node routes (nodes 2 7 12) became link routes.
    const firstLeg = scenario.persons[0]!.plans[0]!.elements[1]!;
    expect(firstLeg.kind === 'leg' && firstLeg.route?.description).toBe('1 6 15 20');
    expect((await readPopulation(sharedData('equil/plans100.xml'))).persons.size).toBe(100);
  });

  it('refuses an override that is not module.param', async () => {
    await expect(loadScenario(sharedData('equil/config.xml'), { flowCapacityFactor: '1' })).rejects.toThrow(/module\.param/);
  });
});
