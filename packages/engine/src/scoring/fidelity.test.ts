/**
 * Scores MATSim's own events with our experienced plans + Charypar–Nagel and compares with MATSim's scorestats
 * and output_persons.csv: the real test that the scoring reproduces MATSim's.
 */
import { describe, expect, it } from 'vitest';
import { forEachEvent, readConfig, readCsvRows, readNetwork, readScoreStats } from '@corridor/matsim';
import { ExperiencedPlansBuilder } from './experienced.ts';
import { scoringParamsFromConfig } from './params.ts';
import { scorePlan } from './score.ts';

const data = new URL('../../../../../shared/data/', import.meta.url).pathname;

async function scoreEvents(dir: string, events: string, networkFile = 'output_network.xml.gz'): Promise<Map<string, number>> {
  const network = await readNetwork(`${data}${dir}/${networkFile}`);
  const params = scoringParamsFromConfig(await readConfig(`${data}${dir}/output_config.xml`));
  const builder = new ExperiencedPlansBuilder((id) => network.links.get(id)!.length);
  await forEachEvent(`${data}${dir}/${events}`, builder.handleEvent);
  const scores = new Map<string, number>();
  for (const [person, plan] of builder.finish()) {
    const extras = builder.extras(person);
    scores.set(person, scorePlan(plan, params, { money: extras.money, stuck: extras.stuckTime !== undefined }));
  }
  return scores;
}

const mean = (values: Iterable<number>) => {
  const list = [...values];
  return list.reduce((a, b) => a + b, 0) / list.length;
};

describe('scoring fidelity against MATSim runs', () => {
  it('equil 2024 it.0 events → avg executed 64.75686659291274', async () => {
    const scores = await scoreEvents('output-equil-2024', 'ITERS/it.0/0.events.xml.gz');
    expect(scores.size).toBe(100);
    expect(Math.abs(mean(scores.values()) / 64.75686659291274 - 1)).toBeLessThan(1e-9);
  });

  it('equil 2024 it.10 events → scorestats row 10 and output_persons executed_score', async () => {
    const scores = await scoreEvents('output-equil-2024', 'ITERS/it.10/10.events.xml.gz');
    expect(Math.abs(mean(scores.values()) / 65.08951475975822 - 1)).toBeLessThan(1e-9);
    let compared = 0;
    for await (const row of readCsvRows(`${data}output-equil-2024/output_persons.csv.gz`)) {
      const expected = Number(row['executed_score']);
      expect(scores.get(row['person']!)).toBeCloseTo(expected, 9);
      compared++;
    }
    expect(compared).toBe(100);
  });

  it('newwest 2024 output events (450 persons, car monetaryDistanceRate) → avg executed 109.72991816158304', async () => {
    const stats = await readScoreStats(`${data}output-newwest-2024/scorestats.csv`);
    const last = stats.entries[stats.entries.length - 1]!;
    const scores = await scoreEvents('output-newwest-2024', 'output_events.xml.gz');
    expect(Math.abs(mean(scores.values()) / last.executed! - 1)).toBeLessThan(1e-9);
    for await (const row of readCsvRows(`${data}output-newwest-2024/output_persons.csv.gz`)) {
      expect(scores.get(row['person']!)).toBeCloseTo(Number(row['executed_score']), 9);
    }
  });

  // Walk access/egress legs, "car interaction" stage activities and zstd files (MATSim 2026), and the txt era (2022).
  for (const [dir, network, events, persons] of [
    ['output-equil-2026-zst', 'output_network.xml.zst', 'output_events.xml.zst', 'output_persons.csv.zst'],
    ['output-equil-2022-txt', 'output_network.xml.gz', 'output_events.xml.gz', 'output_persons.csv.gz'],
  ] as const) {
    it(`${dir} output events → every person's executed_score and the last scorestats row`, async () => {
      const scores = await scoreEvents(dir, events, network);
      const stats = await readScoreStats(`${data}${dir}/${dir.endsWith('txt') ? 'scorestats.txt' : 'scorestats.csv'}`);
      expect(Math.abs(mean(scores.values()) / stats.entries[stats.entries.length - 1]!.executed! - 1)).toBeLessThan(1e-9);
      let compared = 0;
      for await (const row of readCsvRows(`${data}${dir}/${persons}`)) {
        expect(scores.get(row['person']!)).toBeCloseTo(Number(row['executed_score']), 9);
        compared++;
      }
      expect(compared).toBe(100);
    });
  }
});
