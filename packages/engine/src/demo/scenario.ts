/**
 * A complete demo scenario as files, for "create a demo scenario" on an empty installation: a grid city in
 * ETRS89 / UTM 32N (so previews and map transforms have real coordinates), car commuters, and a config that runs
 * them. Pure: the caller writes the texts (`writeOutput(path, file.text(), { gzip: name.endsWith('.gz') })`).
 */
import { writeConfig, writeNetwork, writePopulation, type TextChunks } from '@corridor/matsim';
import { demoConfig } from './config.ts';
import { gridNetwork } from './network.ts';
import { commuterPopulation } from './population.ts';
import { createRandom } from '../core/random.ts';

export interface DemoScenarioOptions {
  /** Nodes per side of the grid, ≥ 2. Default 6. */
  size?: number;
  /** Default 200. */
  persons?: number;
  /** Same seed, same scenario. Default 4711 (MATSim's default random seed). */
  seed?: number;
}

export interface DemoScenarioFile {
  name: string;
  role: 'config' | 'network' | 'population';
  /** A fresh writer on every call: text chunks can be consumed once. */
  text: () => TextChunks;
}

export interface DemoScenario {
  files: DemoScenarioFile[];
  crs: string;
}

export const DEMO_CRS = 'EPSG:25832';
/** South-west corner of the grid: Hamburg's centre (≈ 9.99° E, 53.55° N), well inside UTM zone 32. */
const ORIGIN = { x: 565_000, y: 5_933_000 };
const SPACING_M = 1000;

export function generateDemoScenario(options: DemoScenarioOptions = {}): DemoScenario {
  const size = options.size ?? 6;
  const persons = options.persons ?? 200;
  const seed = options.seed ?? 4711;
  if (!Number.isInteger(size) || size < 2) throw new RangeError(`Demo grid size must be an integer ≥ 2, got ${size}.`);
  if (!Number.isInteger(persons) || persons < 0) throw new RangeError(`Demo persons must be an integer ≥ 0, got ${persons}.`);
  if (!Number.isInteger(seed)) throw new RangeError(`Demo seed must be an integer, got ${seed}.`);

  const network = gridNetwork({ size, spacing: SPACING_M, origin: ORIGIN, crs: DEMO_CRS });
  const population = commuterPopulation(network, persons, createRandom(seed), DEMO_CRS);
  const names = { config: 'config.xml', network: 'network.xml.gz', population: 'population.xml.gz' };
  const config = demoConfig({
    networkFile: names.network,
    populationFile: names.population,
    crs: DEMO_CRS,
    seed,
    description: `Corridor demo scenario: ${size}×${size} grid city, ${persons} car commuters, seed ${seed}.`,
  });
  return {
    crs: DEMO_CRS,
    files: [
      { name: names.config, role: 'config', text: () => writeConfig(config) },
      { name: names.network, role: 'network', text: () => writeNetwork(network) },
      { name: names.population, role: 'population', text: () => writePopulation(population) },
    ],
  };
}
