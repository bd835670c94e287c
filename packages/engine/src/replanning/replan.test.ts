import { describe, expect, it } from 'vitest';
import { readPopulation, type Person } from '@corridor/matsim';
import type { ReplanningParams, StrategySetting } from '../core/types.ts';
import { createRandom } from '../core/random.ts';
import { effectiveWeight, replan, unsupportedStrategies } from './replan.ts';
import { currentPlan } from './selectors.ts';
import { person, plan } from './test-plans.ts';

const strategy = (strategyName: string, weight: number, extra: Partial<StrategySetting> = {}): StrategySetting => ({
  strategyName,
  weight,
  disableAfterIteration: undefined,
  subpopulation: undefined,
  ...extra,
});

const params = (strategies: StrategySetting[], extra: Partial<ReplanningParams> = {}): ReplanningParams => ({
  maxAgentPlanMemorySize: 5,
  fractionOfIterationsToDisableInnovation: Infinity,
  strategies,
  mutationRange: 1800,
  mutationAffectsDuration: true,
  subtourModes: ['car', 'pt'],
  chainBasedModes: ['car'],
  changeModeModes: ['car', 'pt'],
  ...extra,
});

const range = { first: 0, last: 10 };

async function equilPersons(): Promise<Person[]> {
  const population = await readPopulation('/work/shared/data/equil/plans100.xml');
  for (const p of population.persons.values()) for (const pl of p.plans) pl.score = 60;
  return [...population.persons.values()];
}

describe('replan', () => {
  it('innovates on about the strategy weight share, copying and selecting the copy', async () => {
    const persons = await equilPersons();
    const rerouted: unknown[] = [];
    replan(persons, params([strategy('BestScore', 0.9), strategy('ReRoute', 0.1)]), 1, range, createRandom(4711), (p) => rerouted.push(p));
    const innovated = persons.filter((p) => p.plans.length === 2);
    expect(innovated.length).toBe(rerouted.length);
    expect(innovated.length).toBeGreaterThan(2);
    expect(innovated.length).toBeLessThan(25);
    for (const p of innovated) {
      expect(currentPlan(p)).toBe(p.plans[1]);
      expect(p.plans[1]!.score).toBeUndefined();
      expect(p.plans[1]!.elements.filter((e) => e.kind === 'leg').every((l) => l.route === undefined)).toBe(true);
      // The original keeps its routes.
      expect(p.plans[0]!.elements.some((e) => e.kind === 'leg' && e.route !== undefined)).toBe(true);
    }
  });

  it('is deterministic per seed', async () => {
    const run = async (seed: number) => {
      const persons = await equilPersons();
      const all = params([strategy('ChangeExpBeta', 0.5), strategy('TimeAllocationMutator', 0.5)]);
      for (let it = 1; it <= 3; it++) replan(persons, all, it, range, createRandom(seed + it), () => {});
      return JSON.stringify(persons.map((p) => p.plans));
    };
    expect(await run(1)).toBe(await run(1));
    expect(await run(1)).not.toBe(await run(2));
  });

  it('selects a random unscored plan before asking the selector', () => {
    const p = person('p', [plan(100, true), plan(undefined)]);
    replan([p], params([strategy('BestScore', 1)]), 1, range, createRandom(1), () => {});
    expect(currentPlan(p)).toBe(p.plans[1]);
  });

  it('trims the plan memory before innovating (max + 1 plans during the mobsim)', () => {
    const p = person('p', [plan(1, true), plan(2), plan(3)]);
    replan([p], params([strategy('ReRoute', 1)], { maxAgentPlanMemorySize: 2 }), 1, range, createRandom(1), () => {});
    expect(p.plans.map((x) => x.score)).toEqual([2, 3, undefined]);
  });

  it('switches innovation off after disableAfterIteration and the innovation fraction', () => {
    const reroute = strategy('ReRoute', 1, { disableAfterIteration: 5 });
    expect(effectiveWeight(reroute, params([]), 5, range)).toBe(1);
    expect(effectiveWeight(reroute, params([]), 6, range)).toBe(0);
    const fraction = params([], { fractionOfIterationsToDisableInnovation: 0.8 });
    expect(effectiveWeight(strategy('ReRoute', 1), fraction, 8, range)).toBe(1);
    expect(effectiveWeight(strategy('ReRoute', 1), fraction, 9, range)).toBe(0);
    expect(effectiveWeight(strategy('BestScore', 1), fraction, 9, range)).toBe(1);
    const p = person('p', [plan(1, true)]);
    replan([p], params([strategy('KeepLastSelected', 1), reroute]), 6, range, createRandom(1), () => {});
    expect(p.plans).toHaveLength(1);
  });

  it('uses only the strategies of the person subpopulation', () => {
    const freight = person('f', [plan(1, true)]);
    freight.attributes = new Map([['subpopulation', { class: 'java.lang.String', text: 'freight' }]]);
    const resident = person('r', [plan(1, true)]);
    const all = params([strategy('ReRoute', 1, { subpopulation: 'freight' }), strategy('KeepLastSelected', 1)]);
    replan([freight, resident], all, 1, range, createRandom(1), () => {});
    expect(freight.plans).toHaveLength(2);
    expect(resident.plans).toHaveLength(1);
  });

  it('names unknown strategies', () => {
    expect(unsupportedStrategies(params([strategy('BestScore', 1), strategy('SelectPathSizeLogit', 1), strategy('Foo', 1)]))).toEqual([
      'SelectPathSizeLogit',
      'Foo',
    ]);
  });
});
