/**
 * MATSim's WorstPlanSelector for removal: among plans whose type occurs more than once (all plans when no type
 * repeats), an unscored plan goes first, else the lowest score. Keeping one plan per type preserves diversity.
 */
import type { Person, Plan } from '@corridor/matsim';
import { currentPlan, isScored, selectPlan } from './selectors.ts';
import { randomElement, type Random } from '../core/random.ts';

export function worstPlan(person: Person): Plan {
  const typeCounts = new Map<string | undefined, number>();
  for (const plan of person.plans) typeCounts.set(plan.type, (typeCounts.get(plan.type) ?? 0) + 1);
  const anyRepeated = [...typeCounts.values()].some((count) => count > 1);
  let worst: Plan | undefined;
  for (const plan of person.plans) {
    if (anyRepeated && typeCounts.get(plan.type)! < 2) continue;
    if (!isScored(plan)) return plan;
    if (!worst || plan.score! < worst.score!) worst = plan;
  }
  return worst ?? person.plans[0]!;
}

/** Removes worst plans until at most `maxPlans` remain (0 = unlimited); a removed selected plan is replaced by a random one. */
export function removeExcessPlans(person: Person, maxPlans: number, random: Random): void {
  if (maxPlans <= 0) return;
  while (person.plans.length > maxPlans) {
    const worst = worstPlan(person);
    const wasSelected = worst === currentPlan(person);
    person.plans = person.plans.filter((plan) => plan !== worst);
    if (wasSelected) selectPlan(person, randomElement(random, person.plans));
  }
}
