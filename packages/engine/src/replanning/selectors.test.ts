import { describe, expect, it } from 'vitest';
import { createRandom } from '../core/random.ts';
import { bestScore, changeExpBeta, keepLastSelected, selectExpBeta, selectRandom, type Selector } from './selectors.ts';
import { person, plan } from './test-plans.ts';

/** How often each plan index is chosen over n draws. */
function shares(selector: Selector, scores: (number | undefined)[], selected: number, n = 20_000, beta = 1) {
  const random = createRandom(42);
  const p = person('p', scores.map((score, i) => plan(score, i === selected)));
  const counts = new Array(scores.length).fill(0);
  for (let i = 0; i < n; i++) counts[p.plans.indexOf(selector(p, random, beta))]++;
  return counts.map((count) => count / n);
}

describe('selectors', () => {
  it('BestScore takes the highest score, ignoring unscored plans', () => {
    expect(shares(bestScore, [3, undefined, 7, 5], 0, 10)).toEqual([0, 0, 1, 0]);
    expect(shares(bestScore, [undefined, undefined], 1, 10)).toEqual([1, 0]);
  });

  it('KeepLastSelected keeps the selected plan', () => {
    expect(shares(keepLastSelected, [3, 9, 1], 2, 10)).toEqual([0, 0, 1]);
  });

  it('SelectRandom is uniform', () => {
    for (const share of shares(selectRandom, [1, 2, 3, 4], 0)) expect(share).toBeCloseTo(0.25, 1);
  });

  it('SelectExpBeta chooses in proportion to exp(beta·score)', () => {
    const [low, high] = shares(selectExpBeta, [0, Math.log(3)], 0) as [number, number];
    expect(high).toBeCloseTo(0.75, 1);
    expect(low).toBeCloseTo(0.25, 1);
  });

  it('ChangeExpBeta switches with probability 0.01·exp(beta/2·ΔS) after a uniform draw of the other plan', () => {
    // Two plans, ΔS = 2·ln 10 → weight 10 → switch probability 0.1 when the other plan is drawn (half the time).
    const [, other] = shares(changeExpBeta, [0, 2 * Math.log(10)], 0, 100_000) as [number, number];
    expect(other).toBeGreaterThan(0.045);
    expect(other).toBeLessThan(0.055);
  });

  it('ChangeExpBeta keeps the current plan when a score is missing', () => {
    expect(shares(changeExpBeta, [undefined, 100], 0, 1000)).toEqual([1, 0]);
  });

  it('is deterministic per seed', () => {
    expect(shares(selectExpBeta, [1, 2, 3], 0, 500)).toEqual(shares(selectExpBeta, [1, 2, 3], 0, 500));
  });
});
