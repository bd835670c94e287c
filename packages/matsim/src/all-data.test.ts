/**
 * Every real file in ../shared/data is read by the reader its sniffed tag names. The per-format tests assert the
 * contents and the round trips; this one guarantees no file (and no tag) is left without a reader.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../test/data.ts';
import { readConfig } from './config/index.ts';
import { readCounts } from './counts/index.ts';
import { readDvrpFleet } from './dvrp/index.ts';
import { countEvents } from './events/index.ts';
import { readFacilities } from './facilities/index.ts';
import { readGeoPackage } from './geodata/index.ts';
import { readHouseholds } from './households/index.ts';
import type { Input } from './io/input.ts';
import { streamNetwork } from './network/index.ts';
import { streamPersons } from './population/index.ts';
import { sniff, type DataTypeTag } from './sniff/index.ts';
import { readTable } from './tables/index.ts';
import { readTransitSchedule } from './transit/index.ts';
import { readVehicles } from './vehicles/index.ts';

/** Reads a whole file and returns how many records it held (for the assertion that something was read). */
type Reader = (input: Input) => Promise<number>;

const population: Reader = async (input) => {
  let persons = 0;
  for await (const _person of streamPersons(input)) persons++;
  return persons;
};
const table: Reader = async (input) => {
  const stream = await readTable(input);
  let rows = 0;
  for await (const _row of stream.rows) rows++;
  return rows + stream.columns.length;
};
const size = (collection: { size: number } | unknown[]) => ('size' in collection ? collection.size : collection.length);

const READERS: Partial<Record<DataTypeTag, Reader>> = {
  config_v1: async (input) => (await readConfig(input)).modules.length,
  geopackage: async (input) => (await readGeoPackage(await readFile(input as string))).features.length,
  config_v2: async (input) => (await readConfig(input)).modules.length,
  network_v1: async (input) => countNetwork(input),
  network_v2: async (input) => countNetwork(input),
  plans_v4: population,
  population_v5: population,
  population_v6: population,
  facilities_v1: async (input) => 1 + size((await readFacilities(input)).facilities),
  facilities_v2: async (input) => 1 + size((await readFacilities(input)).facilities),
  transitSchedule_v1: async (input) => size((await readTransitSchedule(input)).stops),
  transitSchedule_v2: async (input) => size((await readTransitSchedule(input)).stops),
  vehicleDefinitions_v1: async (input) => size((await readVehicles(input)).vehicleTypes),
  vehicleDefinitions_v2: async (input) => size((await readVehicles(input)).vehicleTypes),
  dvrp_vehicles_v1: async (input) => size((await readDvrpFleet(input)).vehicles),
  events_v1: (input) => countEvents(input),
  counts_v1: async (input) => 1 + JSON.stringify(await readCounts(input)).length,
  counts_v2: async (input) => 1 + JSON.stringify(await readCounts(input)).length,
  households_v1: async (input) => 1 + size((await readHouseholds(input)).households),
  scorestats: table,
  modestats: table,
  ph_modestats: table,
  pkm_modestats: table,
  modeChoiceCoverage: table,
  traveldistancestats: table,
  stopwatch: table,
  trips: table,
  legs: table,
  persons: table,
  activities: table,
  links: table,
  legHistogram: table,
  legdurations: table,
  countscompare: table,
  countscompareAWTV: table,
};

/**
 * Tags the platform stores and shows but has no reason to parse (binary side-cars, images, free text, and contrib
 * inputs that only a MATSim job uses).
 */
const NOT_PARSED = new Set<DataTypeTag>([
  'drt_operation_facilities',
  'shapefile',
  'image_png',
  'image_jpeg',
  'image_gif',
  'image_webp',
  'log',
  'experienced_plans_scores',
]);

async function countNetwork(input: Input): Promise<number> {
  let elements = 0;
  await streamNetwork(input, { onNode: () => elements++, onLink: () => elements++ });
  return elements;
}

const tagged = await Promise.all(
  allSharedDataFiles().map(async (file) => ({ file, tag: await sniff(sharedData(file), file) })),
);
const parsed = tagged.filter(({ tag }) => tag !== null && !NOT_PARSED.has(tag));

describe('every file in ../shared/data', () => {
  test.each(parsed)('$file ($tag) is read by the reader of its tag', async ({ file, tag }) => {
    const reader = READERS[tag!];
    expect(reader, `no reader for tag ${tag}`).toBeDefined();
    expect(await reader!(sharedData(file))).toBeGreaterThan(0);
  });

  test('the files not parsed are documentation, images, logs or shapefile parts', () => {
    const skipped = tagged.filter((entry) => !parsed.includes(entry));
    for (const { file, tag } of skipped) {
      if (tag === null) expect(file, 'untagged file').toMatch(/(SOURCE\.md|README|readme)[^/]*$/);
      else expect(NOT_PARSED.has(tag)).toBe(true);
    }
    expect(parsed.length).toBeGreaterThan(200);
  });

  test('every tag has a reader or is deliberately not parsed', async () => {
    const { TAGS } = await import('./sniff/index.ts');
    for (const tag of Object.keys(TAGS) as DataTypeTag[]) {
      expect(READERS[tag] !== undefined || NOT_PARSED.has(tag), tag).toBe(true);
    }
  });
});
