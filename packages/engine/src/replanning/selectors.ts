/**
 * Plan selectors (matsim-facts §7). Each returns the plan to select; `selectPlan` marks it. A plan's score is
 * `undefined` until it has been executed; NaN counts as unscored, as in MATSim.
 */
import type { Person, Plan } from '@corridor/matsim';
import { randomElement, type Random } from '../core/random.ts';

export type SelectorName = 'ChangeExpBeta' | 'BestScore' | 'KeepLastSelected' | 'SelectRandom' | 'SelectExpBeta';
export type Selector = (person: Person, random: Random, beta: number) => Plan;

export const isScored = (plan: Plan): boolean => plan.score !== undefined && !Number.isNaN(plan.score);

/** The selected plan, or the first one when none is marked (MATSim's `addPlan` selects the first). */
export function currentPlan(person: Person): Plan {
  const plan = person.plans.find((candidate) => candidate.selected) ?? person.plans[0];
  if (!plan) throw new Error(`Person ${person.id} has no plan.`);
  return plan;
}

export function selectPlan(person: Person, plan: Plan): void {
  for (const candidate of person.plans) candidate.selected = candidate === plan;
}

/** Switch to a uniformly drawn plan with probability 0.01·exp(β/2·ΔS); an unscored side keeps the current plan. */
export const changeExpBeta: Selector = (person, random, beta) => {
  const current = currentPlan(person);
  const other = randomElement(random, person.plans);
  if (!isScored(current) || !isScored(other)) return current;
  const weight = Math.exp(0.5 * beta * (other.score! - current.score!));
  return random() < 0.01 * weight ? other : current;
};

/** Probability ∝ exp(β·S); scores are shifted by the maximum so exp never overflows. */
export const selectExpBeta: Selector = (person, random, beta) => {
  const scored = person.plans.filter(isScored);
  if (scored.length === 0) return randomElement(random, person.plans);
  const max = Math.max(...scored.map((plan) => plan.score!));
  const weights = scored.map((plan) => Math.exp(beta * (plan.score! - max)));
  let draw = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let i = 0; i < scored.length; i++) {
    draw -= weights[i]!;
    if (draw < 0) return scored[i]!;
  }
  return scored[scored.length - 1]!;
};

export const bestScore: Selector = (person) => {
  let best: Plan | undefined;
  for (const plan of person.plans) if (isScored(plan) && (!best || plan.score! > best.score!)) best = plan;
  return best ?? person.plans[0]!;
};

export const selectRandom: Selector = (person, random) => randomElement(random, person.plans);

export const keepLastSelected: Selector = (person) => currentPlan(person);

export const SELECTORS: Record<SelectorName, Selector> = {
  ChangeExpBeta: changeExpBeta,
  BestScore: bestScore,
  KeepLastSelected: keepLastSelected,
  SelectRandom: selectRandom,
  SelectExpBeta: selectExpBeta,
};
