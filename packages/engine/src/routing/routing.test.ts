import { convertNodeRoutes, forEachEvent, readNetwork, readPopulation, routeLinkIds, type Leg, type Plan } from '@corridor/matsim';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimNetwork } from '../core/types.ts';
import { buildSimNetwork } from '../scenario/network.ts';
import { sharedData } from '../scenario/test-data.ts';
import { routePlan } from './plan-router.ts';
import { LeastCostRouter } from './router.ts';
import { freeSpeedTravelTimes, TravelTimeCollector } from './travel-times.ts';

let network: SimNetwork;
const link = (id: string) => network.linkIndex.get(id)!;
const ids = (links: number[]) => links.map((l) => network.linkIds[l]);

beforeAll(async () => {
  network = buildSimNetwork(await readNetwork(sharedData('equil/network.xml')));
});

describe('LeastCostRouter on equil', () => {
  it('routes home (1) to work (20) over one of the nine spokes at free speed', () => {
    const route = new LeastCostRouter(network, freeSpeedTravelTimes(network)).routeCar(link('1'), link('20'), 6 * 3600);
    expect(route.links).toHaveLength(4);
    expect(ids(route.links)[0]).toBe('1');
    expect(ids(route.links)[3]).toBe('20');
    // Start link excluded, end link included in the distance (MATSim's legs.csv says 25000 for 1→20).
    expect(route.distance).toBe(25000);
    // 10 km + 5 km at 27.78 m/s: the links between start and end only.
    expect(route.travelTime).toBeCloseTo(15000 / 27.78, 6);
  });

  it('routes work (20) back home (1) over 21, 22, 23', () => {
    const route = new LeastCostRouter(network, freeSpeedTravelTimes(network)).routeCar(link('20'), link('1'), 17 * 3600);
    expect(ids(route.links)).toEqual(['20', '21', '22', '23', '1']);
    expect(route.distance).toBe(10000 + 35000 + 10000 + 10000);
  });

  it('stays on the link for a same-link trip', () => {
    const route = new LeastCostRouter(network, freeSpeedTravelTimes(network)).routeCar(link('20'), link('20'), 0);
    expect(route).toEqual({ links: [link('20')], travelTime: 0, distance: 0 });
  });

  it("avoids it.0's congested spoke with MATSim's own travel times (time-dependent)", async () => {
    const collector = new TravelTimeCollector(network, 900);
    await forEachEvent(sharedData('output-equil-2024/ITERS/it.0/0.events.xml.gz'), collector.handle);
    const times = collector.travelTimes();
    const free = 5000 / 27.78;
    // Everyone drove 6→15 in it.0: link 15 (capacity 1000/h) queued around 06:00…
    expect(times.linkTravelTime(link('15'), 6 * 3600)).toBeGreaterThan(free * 1.5);
    // …links without traffic keep free speed, and so does link 15 at night.
    expect(times.linkTravelTime(link('14'), 6 * 3600)).toBeCloseTo(free, 6);
    expect(times.linkTravelTime(link('15'), 3 * 3600)).toBeCloseTo(free, 6);
    const router = new LeastCostRouter(network, times);
    expect(ids(router.routeCar(link('1'), link('20'), 6 * 3600 - 60).links)).not.toContain('15');
    // At night the congested spoke is as good as any, and travel time is free speed again.
    expect(router.routeCar(link('1'), link('20'), 3 * 3600).travelTime).toBeCloseTo(15000 / 27.78, 6);
  });
});

describe('routePlan', () => {
  const config = {
    networkModes: ['car'],
    teleported: new Map([['walk', { speed: 3 / 3.6, beelineDistanceFactor: 1.3 }]]),
  };

  it('keeps the plans100 routes and fills legs without one', async () => {
    const population = await readPopulation(sharedData('equil/plans100.xml'));
    const matsimNetwork = await readNetwork(sharedData('equil/network.xml'));
    convertNodeRoutes(population.persons.values(), matsimNetwork);
    const plan = population.persons.get('2')!.plans[0]!;
    const router = new LeastCostRouter(network, freeSpeedTravelTimes(network));
    expect(routePlan(plan, router, network, config)).toBe(0);
    expect(routeLinkIds((plan.elements[1] as Leg).route!)).toEqual(['1', '6', '15', '20']);

    for (const element of plan.elements) if (element.kind === 'leg') delete element.route;
    expect(routePlan(plan, router, network, config)).toBe(2);
    const back = plan.elements[3]!;
    expect(back.kind === 'leg' && routeLinkIds(back.route!)).toEqual(['20', '21', '22', '23', '1']);
    // 05:59 home end, then 15000/27.78 s to work, then 2.5 h work.
    expect(back.kind === 'leg' && back.depTime).toBeCloseTo(5 * 3600 + 59 * 60 + 15000 / 27.78 + 2.5 * 3600, 6);
  });

  it('teleports walk legs: beeline × 1.3 at 3 km/h, time truncated', () => {
    const plan: Plan = {
      selected: true,
      elements: [
        { kind: 'activity', type: 'h', link: '1', x: -25000, y: 0, endTime: 6 * 3600 },
        { kind: 'leg', mode: 'walk' },
        { kind: 'activity', type: 'w', link: '20', x: 10000, y: 0 },
      ],
    };
    routePlan(plan, new LeastCostRouter(network, freeSpeedTravelTimes(network)), network, config);
    const leg = plan.elements[1]!;
    expect(leg.kind === 'leg' && leg.route).toEqual({ type: 'generic', startLink: '1', endLink: '20', travTime: Math.trunc(45500 / (3 / 3.6)), distance: 45500, description: '' });
  });
});

describe('TravelTimeCollector', () => {
  it('averages per bin of entry and lets a queue dissolve by at most one bin size per bin', () => {
    const collector = new TravelTimeCollector(network, 900);
    const l15 = link('15');
    const free = 5000 / 27.78;
    // Two cars enter link 15 at 06:00 and need 2,000 s and 2,200 s; nobody enters in the next bins.
    collector.handle({ type: 'entered link', time: 21600, link: '15', vehicle: 'a' });
    collector.handle({ type: 'entered link', time: 21700, link: '15', vehicle: 'b' });
    collector.handle({ type: 'left link', time: 23600, link: '15', vehicle: 'a' });
    collector.handle({ type: 'left link', time: 23900, link: '15', vehicle: 'b' });
    // A vehicle arriving on a link is no traversal.
    collector.handle({ type: 'entered link', time: 21600, link: '14', vehicle: 'c' });
    collector.handle({ type: 'vehicle leaves traffic', time: 21700, person: 'c', link: '14', vehicle: 'c', networkMode: 'car' });
    collector.handle({ type: 'left link', time: 21800, link: '14', vehicle: 'c' });
    const times = collector.travelTimes();
    expect(times.linkTravelTime(l15, 21600 + 899)).toBe(2100);
    expect(times.linkTravelTime(l15, 21600 + 900)).toBe(1200);
    expect(times.linkTravelTime(l15, 21600 + 1800)).toBe(300);
    expect(times.linkTravelTime(l15, 21600 + 2700)).toBeCloseTo(free, 9);
    expect(times.linkTravelTime(l15, 0)).toBeCloseTo(free, 9);
    expect(times.linkTravelTime(link('14'), 21600)).toBeCloseTo(free, 9);
  });
});

describe('routePlan keeps only fitting routes', () => {
  it('reroutes a car route that no longer starts at the activity, keeps a walk route with a travel time', () => {
    const config = { networkModes: ['car'], teleported: new Map([['walk', { speed: 3 / 3.6, beelineDistanceFactor: 1.3 }]]) };
    const carRoute = { type: 'links', startLink: '1', endLink: '20', travTime: 540, distance: 25000, description: '1 6 15 20' };
    const plan: Plan = {
      selected: true,
      elements: [
        { kind: 'activity', type: 'h', link: '23', x: -25000, y: -10000, endTime: 6 * 3600 },
        { kind: 'leg', mode: 'car', route: { ...carRoute } },
        { kind: 'activity', type: 'w', link: '20', x: 10000, y: 0, maxDur: 3600 },
        { kind: 'leg', mode: 'walk', route: { type: 'generic', travTime: 107280, description: '' } },
        { kind: 'activity', type: 'h', link: '1', x: -25000, y: 0 },
      ],
    };
    const router = new LeastCostRouter(network, freeSpeedTravelTimes(network));
    expect(routePlan(plan, router, network, config)).toBe(1);
    expect(routeLinkIds((plan.elements[1] as Leg).route!)![0]).toBe('23');
    expect((plan.elements[3] as Leg).route).toEqual({ type: 'generic', travTime: 107280, description: '' });
  });
});
