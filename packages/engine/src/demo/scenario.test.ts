import { gzipSync } from 'node:zlib';
import {
  collectText,
  getParam,
  isActivity,
  isLeg,
  linkType,
  readConfig,
  readNetwork,
  readPopulation,
  sniff,
  strategySettings,
  type Config,
  type ConfigEntry,
  type Network,
  type Population,
} from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { generateDemoScenario, type DemoScenario } from './scenario.ts';

interface ReadBack {
  texts: Map<string, string>;
  config: Config;
  network: Network;
  population: Population;
}

async function readBack(scenario: DemoScenario): Promise<ReadBack> {
  const texts = new Map<string, string>();
  for (const file of scenario.files) texts.set(file.name, await collectText(file.text()));
  const bytes = (name: string) => Buffer.from(texts.get(name)!);
  return {
    texts,
    config: await readConfig(bytes('config.xml')),
    network: await readNetwork(bytes('network.xml.gz')),
    population: await readPopulation(bytes('population.xml.gz')),
  };
}

function paramValue(entries: ConfigEntry[], name: string): string | undefined {
  for (const entry of entries) if (entry.kind === 'param' && entry.name === name) return entry.value;
  return undefined;
}

describe('generateDemoScenario', () => {
  it('gives a config, a network and a population by role, in EPSG:25832', () => {
    const scenario = generateDemoScenario();
    expect(scenario.crs).toBe('EPSG:25832');
    expect(scenario.files.map(({ name, role }) => ({ name, role }))).toEqual([
      { name: 'config.xml', role: 'config' },
      { name: 'network.xml.gz', role: 'network' },
      { name: 'population.xml.gz', role: 'population' },
    ]);
  });

  it('writes files the sniffer recognises, plain and gzipped as the server stores them', async () => {
    const { texts } = await readBack(generateDemoScenario({ persons: 5 }));
    const expected = { 'config.xml': 'config_v2', 'network.xml.gz': 'network_v2', 'population.xml.gz': 'population_v6' };
    for (const [name, tag] of Object.entries(expected)) {
      expect(await sniff(Buffer.from(texts.get(name)!), name)).toBe(tag);
      expect(await sniff(gzipSync(texts.get(name)!), name)).toBe(tag);
    }
  });

  it('builds a 6×6 two-way grid with 1 km links, arterials and locals', async () => {
    const { network } = await readBack(generateDemoScenario({ persons: 0 }));
    expect(network.crs).toBe('EPSG:25832');
    expect(network.nodes.size).toBe(36);
    expect(network.links.size).toBe(2 * 2 * 6 * 5);
    const links = [...network.links.values()];
    for (const link of links) {
      expect(network.links.has(`${link.to}_${link.from}`)).toBe(true);
      expect(link.length).toBe(1000);
      expect(link.modes).toEqual(['car']);
      const from = network.nodes.get(link.from)!;
      const to = network.nodes.get(link.to)!;
      expect(Math.hypot(to.x - from.x, to.y - from.y)).toBe(1000);
    }
    const arterials = links.filter((link) => linkType(link) === 'arterial');
    const locals = links.filter((link) => linkType(link) === 'local');
    expect(arterials.length + locals.length).toBe(links.length);
    expect(arterials.length).toBeGreaterThan(0);
    expect(locals.length).toBeGreaterThan(0);
    expect(arterials.every((link) => link.capacity === 1800 && link.freespeed === 13.9)).toBe(true);
    expect(locals.every((link) => link.capacity === 600 && link.freespeed === 8.3)).toBe(true);
    // Inside UTM zone 32N's usual range, in Hamburg.
    for (const node of network.nodes.values()) {
      expect(node.x).toBeGreaterThan(560_000);
      expect(node.x).toBeLessThan(575_000);
      expect(node.y).toBeGreaterThan(5_930_000);
      expect(node.y).toBeLessThan(5_940_000);
    }
  });

  it('gives every person one home–work–home car plan on links of the network, without routes', async () => {
    const { network, population } = await readBack(generateDemoScenario());
    expect(population.persons.size).toBe(200);
    expect(population.attributes?.get('coordinateReferenceSystem')?.text).toBe('EPSG:25832');
    for (const person of population.persons.values()) {
      expect(person.plans).toHaveLength(1);
      const elements = person.plans[0]!.elements;
      const activities = elements.filter(isActivity);
      const legs = elements.filter(isLeg);
      expect(activities.map((activity) => activity.type)).toEqual(['home', 'work', 'home']);
      expect(legs.map((leg) => leg.mode)).toEqual(['car', 'car']);
      expect(legs.every((leg) => leg.route === undefined)).toBe(true);
      for (const activity of activities) {
        expect(network.links.has(activity.link!)).toBe(true);
        expect(Number.isFinite(activity.x) && Number.isFinite(activity.y)).toBe(true);
      }
      const [home, work, back] = activities;
      expect([back!.link, back!.x, back!.y]).toEqual([home!.link, home!.x, home!.y]);
      expect(work!.link).not.toBe(home!.link);
      expect(home!.endTime).toBeGreaterThanOrEqual(6 * 3600);
      expect(home!.endTime).toBeLessThanOrEqual(9 * 3600);
      expect(work!.endTime! - home!.endTime!).toBeGreaterThan(8 * 3600);
      expect(back!.endTime).toBeUndefined();
    }
  });

  it('places activities beside their link', async () => {
    const { network, population } = await readBack(generateDemoScenario({ persons: 50 }));
    for (const person of population.persons.values()) {
      for (const activity of person.plans[0]!.elements.filter(isActivity)) {
        const link = network.links.get(activity.link!)!;
        const from = network.nodes.get(link.from)!;
        const to = network.nodes.get(link.to)!;
        // Distance from the link's line, and the projection lying on the link.
        const t = ((activity.x! - from.x) * (to.x - from.x) + (activity.y! - from.y) * (to.y - from.y)) / link.length ** 2;
        const cross = (to.x - from.x) * (from.y - activity.y!) - (from.x - activity.x!) * (to.y - from.y);
        const offset = Math.abs(cross) / link.length;
        expect(t).toBeGreaterThan(0);
        expect(t).toBeLessThan(1);
        expect(offset).toBeLessThan(20);
      }
    }
  });

  it('configures a 10-iteration car run reading exactly the generated files', async () => {
    const scenario = generateDemoScenario();
    const { config } = await readBack(scenario);
    const names = scenario.files.map((file) => file.name);
    expect(getParam(config, 'network', 'inputNetworkFile')).toBe('network.xml.gz');
    expect(getParam(config, 'plans', 'inputPlansFile')).toBe('population.xml.gz');
    expect(names).toContain(getParam(config, 'network', 'inputNetworkFile'));
    expect(names).toContain(getParam(config, 'plans', 'inputPlansFile'));
    expect(config.modules.map((module) => module.name)).toEqual([
      'global',
      'network',
      'plans',
      'controller',
      'qsim',
      'scoring',
      'replanning',
      'routing',
    ]);
    expect(getParam(config, 'global', 'coordinateSystem')).toBe('EPSG:25832');
    expect(getParam(config, 'controller', 'lastIteration')).toBe('10');
    expect(getParam(config, 'controller', 'outputDirectory')).toBeTruthy();
    expect(getParam(config, 'controller', 'runId')).toBeTruthy();
    expect(getParam(config, 'qsim', 'endTime')).toBe('30:00:00');
    expect(getParam(config, 'routing', 'networkModes')).toBe('car');
    expect(strategySettings(config).map(({ strategyName, weight }) => [strategyName, weight])).toEqual([
      ['ChangeExpBeta', 0.8],
      ['ReRoute', 0.1],
      ['TimeAllocationMutator', 0.1],
    ]);
    const scoring = config.modules.find((module) => module.name === 'scoring')!;
    const sets = scoring.entries.flatMap((entry) => (entry.kind === 'parameterset' ? [entry] : []));
    const activities = sets.filter((set) => set.type === 'activityParams');
    const durations = activities.map((set) => [paramValue(set.entries, 'activityType'), paramValue(set.entries, 'typicalDuration')]);
    expect(durations).toEqual([
      ['home', '12:00:00'],
      ['work', '08:00:00'],
    ]);
    expect(sets.filter((set) => set.type === 'modeParams').map((set) => paramValue(set.entries, 'mode'))).toEqual(['car']);
  });

  it('is deterministic for a seed and differs between seeds', async () => {
    const text = async (seed: number) => (await readBack(generateDemoScenario({ seed }))).texts.get('population.xml.gz');
    expect(await text(7)).toBe(await text(7));
    expect(await text(7)).not.toBe(await text(8));
  });

  it('scales the grid and the population, down to the smallest grid', async () => {
    const large = await readBack(generateDemoScenario({ size: 10, persons: 1000 }));
    expect(large.network.nodes.size).toBe(100);
    expect(large.network.links.size).toBe(2 * 2 * 10 * 9);
    expect(large.population.persons.size).toBe(1000);
    const small = await readBack(generateDemoScenario({ size: 2, persons: 10 }));
    expect(small.network.links.size).toBe(8);
    expect(small.population.persons.size).toBe(10);
  });

  it('refuses sizes and counts that make no scenario', () => {
    expect(() => generateDemoScenario({ size: 1 })).toThrow(RangeError);
    expect(() => generateDemoScenario({ persons: -1 })).toThrow(RangeError);
    expect(() => generateDemoScenario({ size: 2.5 })).toThrow(RangeError);
  });
});
