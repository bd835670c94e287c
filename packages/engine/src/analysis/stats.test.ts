/**
 * The statistics writers' files read back through @corridor/matsim's readers, and their values checked against
 * what MATSim wrote for equil iteration 0.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  forEachEvent, readConfig, readModeStats, readNetwork, readScoreStats, readStopwatch, readTravelDistanceStats,
  type Person, type Plan,
} from '@corridor/matsim';
import { ExperiencedPlansBuilder } from '../scoring/experienced.ts';
import { scoringParamsFromConfig } from '../scoring/params.ts';
import { scorePlan } from '../scoring/score.ts';
import { ModeStatsWriter, ScoreStatsWriter, TravelDistanceStatsWriter, travelDistancesOf } from './stats.ts';
import { StopwatchWriter } from './stopwatch.ts';

const dir = new URL('../../../../../shared/data/output-equil-2024/', import.meta.url).pathname;
const tempDir = () => mkdtemp(join(tmpdir(), 'engine-stats-'));

async function equilIt0Plans(): Promise<Map<string, Plan>> {
  const network = await readNetwork(`${dir}output_network.xml.gz`);
  const builder = new ExperiencedPlansBuilder((id) => network.links.get(id)!.length);
  await forEachEvent(`${dir}ITERS/it.0/0.events.xml.gz`, builder.handleEvent);
  return builder.finish();
}

const leg = (mode: string, distance = 0): Plan['elements'][number] => ({ kind: 'leg', mode, route: { distance, description: '' } });
const act = (type: string): Plan['elements'][number] => ({ kind: 'activity', type });
const plan = (...elements: Plan['elements']): Plan => ({ selected: true, elements });

describe('ScoreStatsWriter', () => {
  it('writes equil it.0 avg executed = 64.75686659291274 and rereads it', async () => {
    const params = scoringParamsFromConfig(await readConfig(`${dir}output_config.xml`));
    const persons: Person[] = [...(await equilIt0Plans())].map(([id, p]) => ({ id, plans: [{ ...p, score: scorePlan(p, params) }] }));
    const path = join(await tempDir(), 'scorestats.csv');
    const writer = new ScoreStatsWriter(path);
    await writer.add(0, persons);
    // A second plan without a score is skipped; a scored worse one moves worst and average only.
    persons[0]!.plans.push({ selected: false, elements: [] }, { selected: false, elements: [], score: -100 });
    await writer.add(1, persons);
    const stats = await readScoreStats(path);
    expect(stats.columns).toEqual(['iteration', 'avg_executed', 'avg_worst', 'avg_average', 'avg_best']);
    expect(stats.entries[0]!.executed).toBeCloseTo(64.75686659291274, 10);
    expect(stats.entries[0]!.best).toBe(stats.entries[0]!.executed);
    expect(stats.entries[1]!.executed).toBe(stats.entries[0]!.executed);
    expect(stats.entries[1]!.worst!).toBeLessThan(stats.entries[1]!.average!);
    expect(stats.entries[1]!.best).toBe(stats.entries[0]!.best);
  });
});

describe('ModeStatsWriter', () => {
  it('back-fills modes that appear later with 0.0 and sorts modes', async () => {
    const path = join(await tempDir(), 'modestats.csv');
    const writer = new ModeStatsWriter(path);
    await writer.add(0, (await equilIt0Plans()).values());
    await writer.add(1, [
      plan(act('h'), leg('walk'), act('car interaction'), leg('car'), act('w'), leg('pt'), act('h')),
      plan(act('h'), leg('bike'), act('w'), leg('walk'), act('h')),
    ]);
    const stats = await readModeStats(path);
    expect(stats.modes).toEqual(['bike', 'car', 'pt', 'walk']);
    expect(stats.entries[0]!.values).toEqual({ bike: 0, car: 1, pt: 0, walk: 0 });
    expect(stats.entries[1]!.values).toEqual({ bike: 0.25, car: 0.25, pt: 0.25, walk: 0.25 });
    expect((await readFile(path, 'utf8')).split('\n')[1]).toBe('0;0.0;1.0;0.0;0.0');
  });
});

describe('TravelDistanceStatsWriter', () => {
  it('reproduces equil it.0 traveldistancestats 44776.119402985074', async () => {
    const path = join(await tempDir(), 'traveldistancestats.csv');
    await new TravelDistanceStatsWriter(path).add(0, (await equilIt0Plans()).values());
    const stats = await readTravelDistanceStats(path);
    expect(stats.entries[0]).toEqual({ iteration: 0, averageLegDistance: 44776.119402985074, averageTripDistance: 44776.119402985074 });
  });

  it('reproduces MATSim 2026 equil (walk access/egress legs) row 10: 19258.70646766169 / 57776.119402985074', async () => {
    const d = new URL('../../../../../shared/data/output-equil-2026-zst/', import.meta.url).pathname;
    const network = await readNetwork(`${d}output_network.xml.zst`);
    const builder = new ExperiencedPlansBuilder((id) => network.links.get(id)!.length);
    await forEachEvent(`${d}output_events.xml.zst`, builder.handleEvent);
    const distances = travelDistancesOf(builder.finish().values());
    expect(distances.leg).toBeCloseTo(19258.70646766169, 8);
    expect(distances.trip).toBeCloseTo(57776.119402985074, 8);
  });
});

describe('StopwatchWriter', () => {
  it('writes marks and durations readStopwatch understands', async () => {
    const path = join(await tempDir(), 'stopwatch.csv');
    let now = Date.UTC(2026, 0, 1, 8, 0, 0);
    const watch = new StopwatchWriter(path, () => now);
    for (const iteration of [0, 1]) {
      watch.beginIteration(iteration);
      if (iteration > 0) {
        watch.begin('replanning');
        now += 2000;
        watch.end('replanning');
      }
      watch.begin('mobsim');
      now += 65_000;
      watch.end('mobsim');
      await watch.endIteration();
    }
    const stats = await readStopwatch(path);
    expect(stats.columns[1]).toBe('BEGIN iteration');
    expect(stats.entries[0]!.durations).toEqual({ mobsim: 65, iteration: 65, replanning: null });
    expect(stats.entries[1]!.durations).toEqual({ mobsim: 65, iteration: 67, replanning: 2 });
    expect(stats.entries[1]!.timestamps['BEGIN replanning']).not.toBeNull();
    expect(stats.entries[0]!.timestamps['BEGIN replanning']).toBeNull();
  });
});
