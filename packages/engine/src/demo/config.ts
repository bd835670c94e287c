/**
 * The demo's MATSim config (config_v2, module names of MATSim ≥ 2024): a short run of 10 iterations that a laptop
 * finishes in seconds, scoring and replanning as in MATSim's tutorials. Only what differs from MATSim's defaults or
 * what a reader should see at a glance is written.
 */
import type { Config, ConfigEntry, ConfigModule } from '@corridor/matsim';

export interface DemoConfigOptions {
  networkFile: string;
  populationFile: string;
  crs: string;
  seed: number;
  description: string;
}

export function demoConfig(options: DemoConfigOptions): Config {
  const modules: ConfigModule[] = [
    module('global', [param('randomSeed', String(options.seed)), param('coordinateSystem', options.crs)]),
    module('network', [param('inputNetworkFile', options.networkFile)]),
    module('plans', [param('inputPlansFile', options.populationFile)]),
    module('controller', [
      // The runner rewrites both for every run; these are what a local MATSim run would use.
      param('outputDirectory', './output'),
      param('runId', 'demo'),
      param('firstIteration', '0'),
      param('lastIteration', '10'),
    ]),
    module('qsim', [param('startTime', '00:00:00'), param('endTime', '30:00:00')]),
    module('scoring', [
      set('activityParams', [param('activityType', 'home'), param('typicalDuration', '12:00:00')]),
      set('activityParams', [param('activityType', 'work'), param('typicalDuration', '08:00:00')]),
      set('modeParams', [param('mode', 'car'), param('marginalUtilityOfTraveling_util_hr', '-6.0'), param('constant', '0.0')]),
    ]),
    module('replanning', [
      // The last fifth of the iterations only chooses among the plans found, so the scores settle.
      param('fractionOfIterationsToDisableInnovation', '0.8'),
      strategy('ChangeExpBeta', '0.8'),
      strategy('ReRoute', '0.1'),
      strategy('TimeAllocationMutator', '0.1'),
    ]),
    module('routing', [param('networkModes', 'car')]),
  ];
  modules[0]!.commentsBefore = [options.description];
  return { modules };
}

function module(name: string, entries: ConfigEntry[]): ConfigModule {
  return { name, entries };
}

function param(name: string, value: string): ConfigEntry {
  return { kind: 'param', name, value };
}

function set(type: string, entries: ConfigEntry[]): ConfigEntry {
  return { kind: 'parameterset', type, entries };
}

function strategy(name: string, weight: string): ConfigEntry {
  return set('strategysettings', [param('strategyName', name), param('weight', weight)]);
}
