/**
 * The CSV exports from MATSim's own equil it.0 events, compared with the 0.trips/0.legs files MATSim wrote from
 * the same events, read back through @corridor/matsim's readers.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectText, forEachEvent, openText, readConfig, readCsvRows, readLegs, readNetwork, readPopulation, readTable, readTrips, writeOutput } from '@corridor/matsim';
import { ExperiencedPlansBuilder } from '../scoring/experienced.ts';
import { scoringParamsFromConfig } from '../scoring/params.ts';
import { scorePlan } from '../scoring/score.ts';
import { writeActivitiesCsv, writeLegsCsv, writePersonsCsv, writeTripsCsv, type LinkCoord } from './exports.ts';

const dir = new URL('../../../../../shared/data/output-equil-2024/', import.meta.url).pathname;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function equilIt0() {
  const network = await readNetwork(`${dir}output_network.xml.gz`);
  // MATSim writes persons in population order; plans100 lists them 1…100.
  const ids = Array.from({ length: 100 }, (_, i) => String(i + 1));
  const builder = new ExperiencedPlansBuilder((id) => network.links.get(id)!.length, ids);
  await forEachEvent(`${dir}ITERS/it.0/0.events.xml.gz`, builder.handleEvent);
  const linkCoord: LinkCoord = (id) => {
    const link = network.links.get(id);
    const node = link && network.nodes.get(link.to);
    return node && { x: node.x, y: node.y };
  };
  return { builder, plans: builder.finish(), linkCoord };
}

describe('CSV exports from equil it.0 events', () => {
  it('trips match MATSim 0.trips.csv.gz row by row', async () => {
    const { plans, linkCoord } = await equilIt0();
    const out = join(await mkdtemp(join(tmpdir(), 'engine-exports-')), 'trips.csv.gz');
    await writeOutput(out, writeTripsCsv(plans, linkCoord), { gzip: true });
    const ours = await collect(readTrips(out));
    const theirs = await collect(readTrips(`${dir}ITERS/it.0/0.trips.csv.gz`));
    expect(ours.length).toBe(theirs.length);
    const byId = new Map(ours.map((t) => [t.tripId, t]));
    for (const t of theirs) {
      const o = byId.get(t.tripId)!;
      expect({ dep: o.depTime, trav: o.travTime, dist: o.traveledDistance, eucl: o.euclideanDistance, mode: o.mainMode })
        .toEqual({ dep: t.depTime, trav: t.travTime, dist: t.traveledDistance, eucl: t.euclideanDistance, mode: t.mainMode });
      expect([o.startActivityType, o.endActivityType, o.startLink, o.endLink, o.startX, o.endX])
        .toEqual([t.startActivityType, t.endActivityType, t.startLink, t.endLink, t.startX, t.endX]);
    }
  });

  it('legs match MATSim 0.legs.csv.gz row by row', async () => {
    const { plans, linkCoord } = await equilIt0();
    const out = join(await mkdtemp(join(tmpdir(), 'engine-exports-')), 'legs.csv.gz');
    await writeOutput(out, writeLegsCsv(plans, linkCoord), { gzip: true });
    const ours = await collect(readLegs(out));
    const theirs = await collect(readLegs(`${dir}ITERS/it.0/0.legs.csv.gz`));
    expect(ours.length).toBe(201);
    expect(ours.length).toBe(theirs.length);
    ours.forEach((o, i) => {
      const t = theirs[i]!;
      expect([o.person, o.tripId, o.depTime, o.travTime, o.distance, o.mode, o.startLink, o.endLink, o.vehicleId, o.endX])
        .toEqual([t.person, t.tripId, t.depTime, t.travTime, t.distance, t.mode, t.startLink, t.endLink, t.vehicleId, t.endX]);
    });
  });

  it('activities match MATSim 0.activities.csv.gz', async () => {
    const { plans, linkCoord } = await equilIt0();
    const out = join(await mkdtemp(join(tmpdir(), 'engine-exports-')), 'activities.csv.gz');
    await writeOutput(out, writeActivitiesCsv(plans, linkCoord), { gzip: true });
    expect((await readTable(out)).columns.slice(0, 3)).toEqual(['person', 'activity_number', 'activity_id']);
    const ours = await collect(readCsvRows(out));
    const theirs = await collect(readCsvRows(`${dir}ITERS/it.0/0.activities.csv.gz`));
    expect(ours).toEqual(theirs);
  });

  it('persons: executed scores and first activities as in a MATSim persons file', async () => {
    const { builder, plans, linkCoord } = await equilIt0();
    const params = scoringParamsFromConfig(await readConfig(`${dir}output_config.xml`));
    const persons = [...plans].map(([id, plan]) => ({
      id,
      plans: [{ ...plan, score: scorePlan(plan, params, { money: builder.extras(id).money }) }],
    }));
    const out = join(await mkdtemp(join(tmpdir(), 'engine-exports-')), 'persons.csv.gz');
    await writeOutput(out, writePersonsCsv(persons, linkCoord), { gzip: true });
    const rows = await collect(readCsvRows(out));
    expect(rows.length).toBe(100);
    expect(rows.find((r) => r['person'] === '1')).toMatchObject({ first_act_x: '-25000.0', first_act_y: '0.0', first_act_type: 'h' });
  });

  it('MATSim 2026 equil (walk-car-walk trips, network_mode column): trips, legs and activities byte-identical', async () => {
    const d = new URL('../../../../../shared/data/output-equil-2026-zst/', import.meta.url).pathname;
    const network = await readNetwork(`${d}output_network.xml.zst`);
    const ids: string[] = [];
    for await (const row of readCsvRows(`${d}output_persons.csv.zst`)) ids.push(row['person']!);
    const builder = new ExperiencedPlansBuilder((id) => network.links.get(id)!.length, ids);
    await forEachEvent(`${d}output_events.xml.zst`, builder.handleEvent);
    const plans = builder.finish();
    const linkCoord: LinkCoord = (id) => {
      const node = network.nodes.get(network.links.get(id)?.to ?? '');
      return node && { x: node.x, y: node.y };
    };
    const matsim = async (name: string) => {
      let text = '';
      for await (const chunk of openText(`${d}output_${name}.csv.zst`)) text += chunk;
      return text.replaceAll('\r\n', '\n'); // this run was on Windows
    };
    expect(await collectText(writeTripsCsv(plans, linkCoord))).toBe(await matsim('trips'));
    expect(await collectText(writeLegsCsv(plans, linkCoord))).toBe(await matsim('legs'));
    expect(await collectText(writeActivitiesCsv(plans, linkCoord))).toBe(await matsim('activities'));
  });

  it('persons CSV from MATSim output_plans equals MATSim output_persons (same lines; order is the caller\'s)', async () => {
    for (const name of ['output-equil-2024', 'output-newwest-2024']) {
      const d = new URL(`../../../../../shared/data/${name}/`, import.meta.url).pathname;
      const population = await readPopulation(`${d}output_plans.xml.gz`);
      const network = await readNetwork(`${d}output_network.xml.gz`);
      const linkCoord: LinkCoord = (id) => {
        const node = network.nodes.get(network.links.get(id)?.to ?? '');
        return node && { x: node.x, y: node.y };
      };
      const ours = (await collectText(writePersonsCsv(population.persons.values(), linkCoord))).split('\n').sort();
      let theirs = '';
      for await (const chunk of openText(`${d}output_persons.csv.gz`)) theirs += chunk;
      expect(ours).toEqual(theirs.replaceAll('\r\n', '\n').split('\n').sort());
    }
  });
});
