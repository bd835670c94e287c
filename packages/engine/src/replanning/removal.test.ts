import { describe, expect, it } from 'vitest';
import { createRandom } from '../core/random.ts';
import { removeExcessPlans, worstPlan } from './removal.ts';
import { person, plan } from './test-plans.ts';

describe('worst plan removal', () => {
  it('removes an unscored plan first, else the lowest score', () => {
    const p = person('p', [plan(5), plan(undefined), plan(-3)]);
    expect(worstPlan(p)).toBe(p.plans[1]);
    const q = person('q', [plan(5), plan(1), plan(-3)]);
    expect(worstPlan(q)).toBe(q.plans[2]);
  });

  it('keeps the only plan of a type when another type has duplicates', () => {
    const p = person('p', [plan(-10, false, 'a'), plan(1, false, 'b'), plan(2, false, 'b')]);
    expect(worstPlan(p)).toBe(p.plans[1]);
  });

  it('trims to the memory size and reselects when the selected plan goes', () => {
    const p = person('p', [plan(1, true), plan(9), plan(8), plan(7)]);
    removeExcessPlans(p, 2, createRandom(1));
    expect(p.plans.map((x) => x.score)).toEqual([9, 8]);
    expect(p.plans.filter((x) => x.selected)).toHaveLength(1);
  });

  it('keeps everything with memory size 0 (unlimited)', () => {
    const p = person('p', [plan(1), plan(2), plan(3)]);
    removeExcessPlans(p, 0, createRandom(1));
    expect(p.plans).toHaveLength(3);
  });
});
