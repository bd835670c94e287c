import { convertNodeRoutes, readNetwork, readPopulation, type MatsimEvent, type Person } from '@corridor/matsim';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineConfig, SimNetwork } from '../core/types.ts';
import { createRandom } from '../core/random.ts';
import { buildSimNetwork } from '../scenario/network.ts';
import { sharedData } from '../scenario/test-data.ts';
import { runMobsim } from './mobsim.ts';

type Qsim = EngineConfig['qsim'];
const QSIM: Qsim = { startTime: undefined, endTime: undefined, flowCapacityFactor: 1, storageCapacityFactor: 1, stuckTime: 10, removeStuckVehicles: false, mainModes: ['car'] };

let network: SimNetwork;
let equilPersons: () => Promise<Person[]>;

beforeAll(async () => {
  const matsimNetwork = await readNetwork(sharedData('equil/network.xml'));
  network = buildSimNetwork(matsimNetwork);
  equilPersons = async () => {
    const population = await readPopulation(sharedData('equil/plans100.xml'));
    convertNodeRoutes(population.persons.values(), matsimNetwork);
    return [...population.persons.values()];
  };
});

function run(persons: Person[], qsim: Partial<Qsim> = {}) {
  const events: MatsimEvent[] = [];
  const result = runMobsim({ network, persons, config: { qsim: { ...QSIM, ...qsim } }, sink: (e) => events.push(e), random: createRandom(1) });
  return { events, result, types: (type: string) => events.filter((e) => e.type === type) };
}

describe('runMobsim edge cases', () => {
  it('teleports a walk leg: travelled, arrival and actstart at departure + route travel time', () => {
    const walker: Person = {
      id: 'w',
      plans: [
        {
          selected: true,
          elements: [
            { kind: 'activity', type: 'h', link: '1', endTime: 3600, maxDur: 99 },
            { kind: 'leg', mode: 'walk', route: { type: 'generic', startLink: '1', endLink: '20', travTime: 1234, distance: 4321, description: '' } },
            { kind: 'activity', type: 'w', link: '20', maxDur: 600 },
            { kind: 'leg', mode: 'walk', route: { type: 'generic', startLink: '20', endLink: '1', travTime: 10, distance: 7, description: '' } },
            { kind: 'activity', type: 'h', link: '1' },
          ],
        },
      ],
    };
    const { events, result } = run([walker]);
    expect(events.map((e) => [e.time, e.type])).toEqual([
      [3600, 'actend'],
      [3600, 'departure'],
      [4834, 'travelled'],
      [4834, 'arrival'],
      [4834, 'actstart'],
      // max_dur 600 after the start (end_time wins over max_dur on the first activity).
      [5434, 'actend'],
      [5434, 'departure'],
      [5444, 'travelled'],
      [5444, 'arrival'],
      [5444, 'actstart'],
    ]);
    expect(events[2]).toEqual({ type: 'travelled', time: 4834, person: 'w', distance: 4321, mode: 'walk' });
    expect(events[3]).toEqual({ type: 'arrival', time: 4834, person: 'w', link: '20', legMode: 'walk' });
    expect(result).toEqual({ startTime: 3600, endTime: 5444, stuck: 0 });
  });

  it('stops at qsim.endTime and aborts everyone still under way', async () => {
    const persons = await equilPersons();
    const { types, result } = run(persons, { endTime: 6 * 3600 + 300 });
    expect(result.endTime).toBe(6 * 3600 + 300);
    // Nobody can reach work within 5 minutes: all 100 are stuck, those in a car also lose their vehicle.
    expect(result.stuck).toBe(100);
    expect(types('stuckAndAbort')).toHaveLength(100);
    expect(types('vehicle aborts').length).toBeGreaterThan(0);
    expect(types('vehicle aborts').length + 0).toBe(types('vehicle enters traffic').length);
    expect(types('arrival')).toHaveLength(0);
    for (const event of types('stuckAndAbort')) expect(event.time).toBe(6 * 3600 + 300);
  });

  it('pushes stuck vehicles onward by default, removes them with removeStuckVehicles', async () => {
    // 1 % storage: the spokes hold 13 cars, the bottleneck links far fewer, so buffers wait beyond stuckTime.
    const squeezed = { flowCapacityFactor: 0.05, storageCapacityFactor: 0.01 };
    const kept = run(await equilPersons(), squeezed);
    expect(kept.result.stuck).toBe(0);
    expect(kept.types('arrival')).toHaveLength(201);

    const removed = run(await equilPersons(), { ...squeezed, removeStuckVehicles: true });
    expect(removed.result.stuck).toBeGreaterThan(0);
    expect(removed.types('stuckAndAbort')).toHaveLength(removed.result.stuck);
    expect(removed.types('vehicle aborts')).toHaveLength(removed.result.stuck);
    expect(removed.types('arrival').length).toBeLessThan(201);
  });

  it('lets flow capacity meter a queue: one car per 1/flow seconds through link 15', async () => {
    // Everyone on one spoke at 1000 veh/h: the fast capacity update releases one car every 3.6 s on average.
    const { types } = run(await equilPersons());
    const leaves = types('left link').filter((e) => (e as { link: string }).link === '15').map((e) => e.time);
    const gaps = leaves.slice(1).map((t, i) => t - leaves[i]!);
    const busy = gaps.filter((g) => g < 10);
    expect(Math.min(...busy)).toBeGreaterThanOrEqual(3);
    expect(busy.reduce((a, b) => a + b, 0) / busy.length).toBeCloseTo(3.6, 0);
  });
});
