/**
 * Everything a run reads before its first iteration: the config with the command-line overrides applied, the
 * EngineConfig, the network (matsim model for the output file, SimNetwork for the mobsim) and the persons with
 * their population header. The unsupported-feature check (config modules and params, strategies, modes the engine
 * cannot route) comes before the network and population are read, naming every problem at once; a leg with such a
 * mode stops the population reading at that person.
 */
import { dirname, resolve } from 'node:path';
import { readConfig, setParam, unknownConfigParams, type Config, type Network, type Person, type Plan, type PopulationHeader } from '@corridor/matsim';
import type { EngineConfig, SimNetwork } from '../core/types.ts';
import { readEngineConfig } from '../scenario/config.ts';
import { unsupportedFeatures } from '../scenario/unsupported.ts';
import { applyOverrides, readScenarioData } from '../scenario/load.ts';
import { UnknownConfigParamsError, UnsupportedScenarioError, unroutableConfigModes } from '../scenario/modes.ts';
import { unsupportedStrategies } from '../replanning/index.ts';
import type { ConfigOverride } from './args.ts';
import type { MovedActivity } from '../scenario/xy2links.ts';

export interface EngineScenario {
  /** The config as run (overrides applied), written as output_config.xml. */
  config: Config;
  engine: EngineConfig;
  network: Network;
  sim: SimNetwork;
  populationHeader: PopulationHeader;
  persons: Person[];
  /** Activities whose link is not in the network, moved to the nearest remaining link (logged as warnings). */
  moved: MovedActivity[];
  /** The last iteration's experienced plans, for the output CSVs. */
  lastExperienced?: Map<string, Plan>;
}

/** The CLI's overrides, then `--output`, which wins over the config so output_config.xml names the directory written. */
function withOverrides(config: Config, overrides: readonly ConfigOverride[], outputDir?: string): Config {
  const result = applyOverrides(config, Object.fromEntries(overrides.map((o) => [`${o.module}.${o.param}`, o.value])));
  return outputDir === undefined ? result : setParam(result, 'controller', 'outputDirectory', resolve(outputDir));
}

export async function loadEngineScenario(
  configPath: string,
  overrides: readonly ConfigOverride[],
  outputDir?: string,
): Promise<EngineScenario> {
  const config = withOverrides(await readConfig(configPath), overrides, outputDir);
  // MATSim's core modules throw on a param they do not know at start-up; a typo must not run with the default.
  const unknown = unknownConfigParams(config);
  if (unknown.length > 0) throw new UnknownConfigParamsError(unknown);
  const engine = readEngineConfig(config, dirname(resolve(configPath)));
  // Before the network and population: reading a large population only to refuse it would waste minutes.
  refuseUnsupported(unsupportedFeatures(config), engine);
  const { matsimNetwork: network, network: sim, persons, populationHeader, moved } = await readScenarioData(engine);
  return { config, engine, network, sim, populationHeader, persons, moved };
}

/** Refuses before anything is written when the scenario needs what the engine cannot do. */
function refuseUnsupported(unsupported: string[], engine: EngineConfig): void {
  const strategies = unsupportedStrategies(engine.replanning)
    .filter((name) => !unsupported.some((problem) => problem.includes(name)))
    .map((name) => `replanning strategy ${name}`);
  const problems = [...unsupported, ...strategies, ...unroutableConfigModes(engine)];
  if (problems.length > 0) throw new UnsupportedScenarioError(problems);
}
