/**
 * Loading a scenario from its config file: `module.param=value` overrides applied to the Config first (the CLI's
 * `--config:module.param=value`), then network and population read through @corridor/matsim. v4 node routes
 * become link routes as MATSim's reader does; coordinate-only activities get their nearest link (XY2Links).
 */
import { dirname, resolve } from 'node:path';
import { MatsimFormatError, convertNodeRoutes, readConfig, routeNodeIds, readFacilities, readNetwork, setParam, streamPersons, type Config, type Facilities, type Network, type Person, type PopulationHeader } from '@corridor/matsim';
import type { EngineConfig, SimNetwork } from '../core/types.ts';
import { readEngineConfig } from './config.ts';
import { refuseUnroutableLegs } from './modes.ts';
import { buildSimNetwork } from './network.ts';
import { assignLinks, type MovedActivity } from './xy2links.ts';

export interface Scenario {
  config: EngineConfig;
  network: SimNetwork;
  persons: Person[];
  /** The config as read, overrides applied (for output_config.xml and the unsupported-feature check). */
  matsimConfig: Config;
  /** The network as read (for output_network.xml.gz). */
  matsimNetwork: Network;
}

/** Keys are `module.param` (old or new module names), e.g. `{'qsim.flowCapacityFactor': '0.1'}`; values are config text. */
export function applyOverrides(config: Config, overrides: Record<string, string>): Config {
  let result = config;
  for (const [key, value] of Object.entries(overrides)) {
    const dot = key.indexOf('.');
    if (dot <= 0 || dot === key.length - 1) throw new Error(`Config override "${key}" is not module.param.`);
    result = setParam(result, key.slice(0, dot), key.slice(dot + 1), value);
  }
  return result;
}

/**
 * The network and population an EngineConfig names, ready for the mobsim. The population streams in: the first
 * leg with a mode the engine cannot route stops the reading with the engine's refusal.
 */
export async function readScenarioData(config: EngineConfig) {
  const matsimNetwork = await readNetwork(config.networkFile);
  const facilities = config.facilitiesFile === undefined ? undefined : await readFacilities(config.facilitiesFile);
  if (facilities !== undefined) config.facilityCoords = facilityCoords(facilities);
  const { persons, populationHeader } = await readPersons(config);
  const network = buildSimNetwork(matsimNetwork);
  const moved: MovedActivity[] = [];
  assignLinks(persons, network, { facilities, onMoved: (activity) => moved.push(activity) });
  dropBrokenNodeRoutes(persons, matsimNetwork);
  convertNodeRoutes(persons, matsimNetwork);
  return { matsimNetwork, network, persons, populationHeader, facilities, moved };
}

/** A v4 node route between nodes no link joins any more (deleted in the map editor) is dropped: the leg is routed again. */
function dropBrokenNodeRoutes(persons: readonly Person[], network: Network): void {
  const joined = new Set<string>();
  for (const link of network.links.values()) joined.add(`${link.from}\u0000${link.to}`);
  for (const person of persons) {
    for (const plan of person.plans) {
      for (const element of plan.elements) {
        if (element.kind !== 'leg' || !element.route?.nodeRoute) continue;
        const nodes = routeNodeIds(element.route) ?? [];
        if (nodes.some((node, i) => i > 0 && !joined.has(`${nodes[i - 1]}\u0000${node}`))) delete element.route;
      }
    }
  }
}

function facilityCoords(facilities: Facilities): Map<string, readonly [number, number]> {
  const coords = new Map<string, readonly [number, number]>();
  for (const facility of facilities.facilities.values()) {
    if (facility.x !== undefined && facility.y !== undefined) coords.set(facility.id, [facility.x, facility.y]);
  }
  return coords;
}

async function readPersons(config: EngineConfig): Promise<{ persons: Person[]; populationHeader: PopulationHeader }> {
  let populationHeader: PopulationHeader = { version: 'v6' };
  const ids = new Set<string>();
  const persons: Person[] = [];
  for await (const person of streamPersons(config.plansFile, { onHeader: (header) => (populationHeader = header) })) {
    // A person id seen twice is an error, as in MATSim (and readPopulation).
    if (ids.has(person.id)) throw new MatsimFormatError('invalid-value', `Duplicate person id "${person.id}".`);
    ids.add(person.id);
    refuseUnroutableLegs(person, config);
    persons.push(person);
  }
  return { persons, populationHeader };
}

export async function loadScenario(configPath: string, overrides: Record<string, string> = {}): Promise<Scenario> {
  const matsimConfig = applyOverrides(await readConfig(configPath), overrides);
  const config = readEngineConfig(matsimConfig, dirname(resolve(configPath)));
  const { matsimNetwork, network, persons } = await readScenarioData(config);
  return { config, network, persons, matsimConfig, matsimNetwork };
}
