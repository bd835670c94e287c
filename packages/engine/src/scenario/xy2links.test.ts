import { readNetwork, readPopulation, type Activity } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { buildSimNetwork } from './network.ts';
import { sharedData } from './test-data.ts';
import { assignLinks } from './xy2links.ts';

describe('assignLinks (XY2Links)', () => {
  it("puts newwest's coordinate-only activities on the links MATSim chose", { timeout: 60_000 }, async () => {
    const network = buildSimNetwork(await readNetwork(sharedData('output-newwest-2024/output_network.xml.gz')));
    const input = await readPopulation(sharedData('output-newwest-2024/input/plans450.xml'));
    const output = await readPopulation(sharedData('output-newwest-2024/output_plans.xml.gz'));
    expect(assignLinks(input.persons.values(), network)).toBe(450 * 3);
    let same = 0;
    let total = 0;
    for (const [id, person] of input.persons) {
      const mine = person.plans[0]!.elements.filter((e): e is Activity => e.kind === 'activity');
      const theirs = output.persons.get(id)!.plans.find((p) => p.selected)!.elements.filter((e): e is Activity => e.kind === 'activity');
      mine.forEach((activity, i) => {
        total++;
        if (activity.link === theirs[i]!.link) same++;
      });
    }
    console.log(`newwest XY2Links: ${same}/${total} activities on MATSim's link`);
    expect(same).toBe(total);
  });
});
