/**
 * berlin-medium (27,770 links): the router on congested travel times from one mobsim day, timed (printed). The
 * issue's budget is one iteration < 10 s, and ReRoute touches ~10 % of the 31,862 legs per iteration.
 */
import { convertNodeRoutes, readNetwork, readPopulation, routeLinkIds, selectedPlan, type Leg } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../core/random.ts';
import { runMobsim } from '../mobsim/mobsim.ts';
import { buildSimNetwork } from '../scenario/network.ts';
import { sharedData } from '../scenario/test-data.ts';
import { LeastCostRouter, lognormalDistanceFactor } from './router.ts';
import { freeSpeedTravelTimes, TravelTimeCollector } from './travel-times.ts';

describe('routing on berlin-medium', () => {
  it('collects travel times from a day and routes 3,000 legs on them', { timeout: 120_000 }, async () => {
    const matsimNetwork = await readNetwork(sharedData('berlin-medium/network.xml.gz'));
    const population = await readPopulation(sharedData('berlin-medium/plans_hwh_1pct.xml.gz'));
    convertNodeRoutes(population.persons.values(), matsimNetwork);
    const network = buildSimNetwork(matsimNetwork);
    const persons = [...population.persons.values()];
    const collector = new TravelTimeCollector(network, 900);
    let started = performance.now();
    runMobsim({
      network,
      persons,
      config: { qsim: { startTime: undefined, endTime: undefined, flowCapacityFactor: 1, storageCapacityFactor: 1, stuckTime: 10, removeStuckVehicles: false, mainModes: ['car'] } },
      sink: collector.handle,
      random: createRandom(1),
    });
    const mobsimSeconds = (performance.now() - started) / 1000;
    const times = collector.travelTimes();
    const router = new LeastCostRouter(network, times, { perSecond: 12 / 3600, perMeter: 0 });
    const free = new LeastCostRouter(network, freeSpeedTravelTimes(network));
    const random = createRandom(2);
    let legs = 0;
    let slower = 0;
    started = performance.now();
    for (let i = 0; legs < 3000; i += 5) {
      const plan = selectedPlan(persons[i]!)!;
      const leg = plan.elements[1] as Leg;
      const ids = leg.route ? routeLinkIds(leg.route) : undefined;
      if (!ids || ids.length === 0) continue;
      const from = network.linkIndex.get(ids[0]!)!;
      const to = network.linkIndex.get(ids[ids.length - 1]!)!;
      const route = router.routeCar(from, to, leg.depTime ?? 8 * 3600, lognormalDistanceFactor(3, random));
      expect(route.links[0]).toBe(from);
      expect(route.links[route.links.length - 1]).toBe(to);
      // Congestion only adds time: no route is faster than the free-speed optimum.
      if (route.travelTime + 1e-6 < free.routeCar(from, to, 0).travelTime) slower++;
      legs++;
    }
    const routingMs = performance.now() - started;
    console.log(
      `berlin-medium: mobsim + travel-time collection ${mobsimSeconds.toFixed(2)} s; ${legs} routes (+${legs} free-speed) in ${routingMs.toFixed(0)} ms (${(routingMs / legs / 2).toFixed(2)} ms/route)`,
    );
    expect(slower).toBe(0);
  });
});
