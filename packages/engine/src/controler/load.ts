/**
 * Everything a run reads before its first iteration: the config with the command-line overrides applied, the
 * EngineConfig, the network (matsim model for the output file, SimNetwork for the mobsim) and the persons with
 * their population header. Like scenario/loadScenario, but the unsupported-feature check comes before the network
 * and population are read.
 * Unsupported features are collected, not thrown, so the controler can name them all at once.
 */
import { dirname, resolve } from 'node:path';
import {
  convertNodeRoutes,
  readConfig,
  readNetwork,
  readPopulation,
  setParam,
  type Config,
  type Network,
  type Person,
  type Plan,
  type PopulationHeader,
} from '@corridor/matsim';
import type { EngineConfig, SimNetwork } from '../core/types.ts';
import { readEngineConfig } from '../scenario/config.ts';
import { buildSimNetwork } from '../scenario/network.ts';
import { unsupportedFeatures } from '../scenario/unsupported.ts';
import { assignLinks } from '../scenario/xy2links.ts';
import type { ConfigOverride } from './args.ts';

export interface EngineScenario {
  /** The config as run (overrides applied), written as output_config.xml. */
  config: Config;
  engine: EngineConfig;
  network: Network;
  sim: SimNetwork;
  populationHeader: PopulationHeader;
  persons: Person[];
  unsupported: string[];
  /** The last iteration's experienced plans, for the output CSVs. */
  lastExperienced?: Map<string, Plan>;
}

export function applyOverrides(config: Config, overrides: readonly ConfigOverride[], outputDir?: string): Config {
  let result = config;
  for (const { module, param, value } of overrides) result = setParam(result, module, param, value);
  // --output wins over the config, and output_config.xml then names the directory actually written.
  if (outputDir !== undefined) result = setParam(result, 'controller', 'outputDirectory', resolve(outputDir));
  return result;
}

export async function loadEngineScenario(
  configPath: string,
  overrides: readonly ConfigOverride[],
  outputDir?: string,
): Promise<EngineScenario> {
  const config = applyOverrides(await readConfig(configPath), overrides, outputDir);
  const unsupported = unsupportedFeatures(config);
  const engine = readEngineConfig(config, dirname(resolve(configPath)));
  if (unsupported.length > 0) {
    // Reading a large population only to refuse it afterwards would waste minutes; stop here.
    return { config, engine, network: undefined!, sim: undefined!, populationHeader: { version: 'v6' }, persons: [], unsupported };
  }
  const network = await readNetwork(engine.networkFile);
  const population = await readPopulation(engine.plansFile);
  const sim = buildSimNetwork(network);
  // As scenario/loadScenario does (kept here for the population header, which output_plans needs): coordinate-only
  // activities get their nearest link, and plans_v4 node routes become the link routes the mobsim needs.
  assignLinks(population.persons.values(), sim);
  convertNodeRoutes(population.persons.values(), network);
  const { persons: personMap, ...populationHeader } = population;
  return { config, engine, network, sim, populationHeader, persons: [...personMap.values()], unsupported };
}
