/**
 * berlin-medium (15,931 car commuters on 27,770 links): prints the mobsim's wall time and event rate (the issue's
 * budget is < 10 s per iteration for everything); asserts only what must hold on any run.
 */
import { convertNodeRoutes, readNetwork, readPopulation } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../core/random.ts';
import { buildSimNetwork } from '../scenario/network.ts';
import { sharedData } from '../scenario/test-data.ts';
import { runMobsim } from './mobsim.ts';

describe('runMobsim on berlin-medium', () => {
  it('simulates one day of 15,931 agents', { timeout: 120_000 }, async () => {
    const matsimNetwork = await readNetwork(sharedData('berlin-medium/network.xml.gz'));
    const population = await readPopulation(sharedData('berlin-medium/plans_hwh_1pct.xml.gz'));
    convertNodeRoutes(population.persons.values(), matsimNetwork);
    const network = buildSimNetwork(matsimNetwork);
    const persons = [...population.persons.values()];

    const counts = new Map<string, number>();
    let events = 0;
    const started = performance.now();
    const result = runMobsim({
      network,
      persons,
      config: {
        qsim: { startTime: undefined, endTime: undefined, flowCapacityFactor: 1, storageCapacityFactor: 1, stuckTime: 10, removeStuckVehicles: false, mainModes: ['car'] },
      },
      sink: (event) => {
        events++;
        counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      },
      random: createRandom(4711),
    });
    const seconds = (performance.now() - started) / 1000;
    const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
    console.log(
      `berlin-medium mobsim: ${persons.length} agents, ${events} events in ${seconds.toFixed(2)} s ` +
        `(${Math.round(events / seconds)} events/s), simulated ${result.startTime}–${result.endTime} s, stuck ${result.stuck}, heap ${heapMb.toFixed(0)} MB`,
    );
    // Every departure ends in an arrival or a stuckAndAbort; link events pair up except for aborted vehicles.
    expect(counts.get('departure')).toBe((counts.get('arrival') ?? 0) + result.stuck);
    expect(counts.get('actend')).toBe(counts.get('departure'));
  });
});
