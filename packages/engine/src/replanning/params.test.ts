import { describe, expect, it } from 'vitest';
import { readConfig, setParam, type Config } from '@corridor/matsim';
import { replanningParamsFromConfig } from './params.ts';

const oldStyle = `<?xml version="1.0" ?>
<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v1.dtd">
<config>
  <module name="strategy">
    <param name="maxAgentPlanMemorySize" value="3" />
    <param name="Module_1" value="ChangeExpBeta" />
    <param name="ModuleProbability_1" value="0.8" />
    <param name="Module_2" value="TimeAllocationMutator" />
    <param name="ModuleProbability_2" value="0.2" />
    <param name="ModuleDisableAfterIteration_2" value="7" />
  </module>
  <module name="TimeAllocationMutator">
    <param name="mutationRange" value="3600.0" />
  </module>
  <module name="subtourModeChoice">
    <param name="modes" value="car, walk" />
    <param name="chainBasedModes" value="car" />
  </module>
</config>`;

describe('replanningParamsFromConfig', () => {
  it('reads the equil config (parametersets) with MATSim defaults for the rest', async () => {
    const params = replanningParamsFromConfig(await readConfig('/work/shared/data/equil/config.xml'));
    expect(params.strategies.map((s) => s.strategyName)).toEqual(['BestScore', 'ReRoute']);
    expect(params.strategies.every((s) => s.weight > 0)).toBe(true);
    expect(params.maxAgentPlanMemorySize).toBe(5);
    expect(params.fractionOfIterationsToDisableInnovation).toBe(Infinity);
    expect(params.mutationRange).toBe(1800);
    expect(params.mutationAffectsDuration).toBe(true);
    expect(params.latestActivityEndTime).toBe(86400);
    expect(params.changeModeModes).toEqual(['car', 'pt']);
  });

  it('reads the old Module_N syntax and old module names', async () => {
    const params = replanningParamsFromConfig(await readConfig(Buffer.from(oldStyle)));
    expect(params.maxAgentPlanMemorySize).toBe(3);
    expect(params.strategies).toEqual([
      { strategyName: 'ChangeExpBeta', weight: 0.8, disableAfterIteration: undefined, subpopulation: undefined },
      { strategyName: 'TimeAllocationMutator', weight: 0.2, disableAfterIteration: 7, subpopulation: undefined },
    ]);
    expect(params.mutationRange).toBe(3600);
    expect(params.subtourModes).toEqual(['car', 'walk']);
    expect(params.chainBasedModes).toEqual(['car']);
  });

  it('reads a finite fractionOfIterationsToDisableInnovation and mutationAffectsDuration=false', async () => {
    let config: Config = await readConfig('/work/shared/data/equil/config.xml');
    config = setParam(config, 'replanning', 'fractionOfIterationsToDisableInnovation', '0.8');
    config = setParam(config, 'timeAllocationMutator', 'mutationAffectsDuration', 'false');
    const params = replanningParamsFromConfig(config);
    expect(params.fractionOfIterationsToDisableInnovation).toBe(0.8);
    expect(params.mutationAffectsDuration).toBe(false);
  });
});
