/**
 * The router against MATSim's own it.0 routes on newwest (72k links): under the same (non-randomised)
 * disutility our route is never costlier than MATSim's, which MATSim drew with a random distance weight.
 */
import { readNetwork, readPopulation, routeLinkIds, selectedPlan, type Leg } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { buildSimNetwork } from '../scenario/network.ts';
import { sharedData } from '../scenario/test-data.ts';
import { LeastCostRouter, type Disutility } from './router.ts';
import { freeSpeedTravelTimes } from './travel-times.ts';

describe('LeastCostRouter on newwest', () => {
  it('finds routes at least as cheap as MATSim’s, quickly', { timeout: 120_000 }, async () => {
    const network = buildSimNetwork(await readNetwork(sharedData('output-newwest-2024/output_network.xml.gz')));
    const population = await readPopulation(sharedData('output-newwest-2024/output_plans.xml.gz'));
    // newwest's car params: −6 util/h travelling, +6 performing, monetaryDistanceRate −0.0001 (§7 ReRoute cost).
    const disutility: Disutility = { perSecond: 12 / 3600, perMeter: 0.0001 };
    const times = freeSpeedTravelTimes(network);
    const router = new LeastCostRouter(network, times, disutility);
    const cost = (links: number[]) => links.slice(1).reduce((sum, l) => sum + times.linkTravelTime(l, 0) * disutility.perSecond + network.length[l]! * disutility.perMeter, 0);

    let legs = 0;
    let identical = 0;
    let worse = 0;
    let ourCost = 0;
    let theirCost = 0;
    const started = performance.now();
    for (const person of population.persons.values()) {
      for (const element of selectedPlan(person)!.elements) {
        if (element.kind !== 'leg') continue;
        const theirs = routeLinkIds((element as Leg).route!)!.map((id) => network.linkIndex.get(id)!);
        const route = router.routeCar(theirs[0]!, theirs[theirs.length - 1]!, element.depTime ?? 0);
        const ours = route.links;
        legs++;
        if (ours.join() === theirs.join()) {
          identical++;
          // Same route, same numbers: MATSim's trav_time is the links between start and end at free speed
          // (written truncated to seconds; a few routes of several hundred links differ by 1.0–1.1 s, cause not
          // found), its distance those plus the end link.
          expect(Math.abs(route.travelTime - element.route!.travTime!)).toBeLessThan(2);
          expect(route.distance).toBeCloseTo(element.route!.distance!, 6);
        }
        // The end link is in both; the start link in neither cost.
        const a = cost(ours);
        const b = cost(theirs);
        ourCost += a;
        theirCost += b;
        if (a > b + 1e-9) worse++;
      }
    }
    const ms = performance.now() - started;
    console.log(`newwest routes: ${legs} legs in ${ms.toFixed(0)} ms (${(ms / legs).toFixed(2)} ms/route), ${identical} identical to MATSim's, total cost ours ${ourCost.toFixed(2)} vs MATSim ${theirCost.toFixed(2)}`);
    expect(legs).toBe(900);
    expect(worse).toBe(0);
  });
});
