/**
 * One iteration's replanning for every person (matsim-facts §7): trim plan memory, draw a strategy by weight
 * within the person's subpopulation, select a plan (a random unscored one first), and for an innovative strategy
 * copy the selected plan, select the copy and modify it.
 */
import type { Person, Plan } from '@corridor/matsim';
import type { ReplanningParams, StrategySetting } from '../core/types.ts';
import { changeSingleTripMode, changeTripMode } from './change-mode.ts';
import { removeExcessPlans } from './removal.ts';
import { randomElement, type Random } from '../core/random.ts';
import { reRoute, type Reroute } from './reroute.ts';
import { SELECTORS, currentPlan, isScored, selectPlan, selectRandom, type SelectorName } from './selectors.ts';
import { subtourModeChoice } from './subtour-mode-choice.ts';
import { mutateTimeAllocation } from './time-allocation.ts';
import { copyPlan } from './trips.ts';

type Innovation = (plan: Plan, params: ReplanningParams, random: Random, reroute: Reroute) => void;

const timeOptions = (params: ReplanningParams) => ({
  mutationRange: params.mutationRange,
  mutationAffectsDuration: params.mutationAffectsDuration,
  // ReplanningSettings (params.ts) carries these two; plain ReplanningParams get MATSim's defaults.
  mutationRangeStep: (params as { mutationRangeStep?: number }).mutationRangeStep ?? 1,
  latestActivityEndTime: (params as { latestActivityEndTime?: number }).latestActivityEndTime ?? 86400,
});

/** Innovative strategies; all of them start from a randomly selected plan, as in MATSim. */
const INNOVATIONS: Record<string, Innovation> = {
  ReRoute: (plan, _params, _random, reroute) => reRoute(plan, reroute),
  // Plain TimeAllocationMutator keeps the routes, as in MATSim.
  TimeAllocationMutator: (plan, params, random) => mutateTimeAllocation(plan, timeOptions(params), random),
  TimeAllocationMutator_ReRoute: (plan, params, random, reroute) => {
    mutateTimeAllocation(plan, timeOptions(params), random);
    reRoute(plan, reroute);
  },
  ChangeTripMode: (plan, params, random, reroute) => {
    changeTripMode(plan, params.changeModeModes, random);
    reRoute(plan, reroute);
  },
  ChangeSingleTripMode: (plan, params, random, reroute) => {
    changeSingleTripMode(plan, params.changeModeModes, random);
    reRoute(plan, reroute);
  },
  SubtourModeChoice: (plan, params, random, reroute) => {
    subtourModeChoice(plan, { modes: params.subtourModes, chainBasedModes: params.chainBasedModes }, random);
    reRoute(plan, reroute);
  },
};
// MATSim's older names for the same strategies.
INNOVATIONS.ChangeLegMode = INNOVATIONS.ChangeTripMode!;
INNOVATIONS.ChangeSingleLegMode = INNOVATIONS.ChangeSingleTripMode!;

const isSelector = (name: string): name is SelectorName => name in SELECTORS;
export const isInnovative = (name: string): boolean => name in INNOVATIONS;

/** Strategy names the engine cannot run (the controler refuses to start with any). */
export function unsupportedStrategies(params: ReplanningParams): string[] {
  const names = params.strategies.map((s) => s.strategyName).filter((name) => !isSelector(name) && !isInnovative(name));
  return [...new Set(names)];
}

/** The weight a strategy has this iteration: 0 once switched off by disableAfterIteration or the innovation cutoff. */
export function effectiveWeight(
  strategy: StrategySetting,
  params: ReplanningParams,
  iteration: number,
  range: { first: number; last: number },
): number {
  if (strategy.disableAfterIteration !== undefined && iteration > strategy.disableAfterIteration) return 0;
  if (isInnovative(strategy.strategyName) && Number.isFinite(params.fractionOfIterationsToDisableInnovation)) {
    const disableAt = Math.trunc((range.last - range.first) * params.fractionOfIterationsToDisableInnovation + range.first);
    if (iteration > disableAt) return 0;
  }
  return strategy.weight;
}

function subpopulationOf(person: Person): string | undefined {
  return person.attributes?.get('subpopulation')?.text;
}

function drawStrategy(strategies: readonly { strategy: StrategySetting; weight: number }[], random: Random) {
  const total = strategies.reduce((sum, entry) => sum + entry.weight, 0);
  if (total <= 0) return undefined;
  let draw = random() * total;
  for (const entry of strategies) {
    draw -= entry.weight;
    if (draw < 0) return entry.strategy;
  }
  return strategies[strategies.length - 1]!.strategy;
}

export interface ReplanOptions {
  /** scoring.brainExpBeta, for ChangeExpBeta and SelectExpBeta. */
  brainExpBeta: number;
}

/** Replans every person in place; persons are visited in the given order so a seed gives the same result. */
export function replan(
  persons: Iterable<Person>,
  params: ReplanningParams,
  iteration: number,
  range: { first: number; last: number },
  random: Random,
  reroute: Reroute,
  options: ReplanOptions = { brainExpBeta: 1 },
): void {
  const unsupported = unsupportedStrategies(params);
  if (unsupported.length > 0) throw new Error(`Unsupported replanning strategies: ${unsupported.join(', ')}.`);
  const bySubpopulation = new Map<string | undefined, { strategy: StrategySetting; weight: number }[]>();
  for (const strategy of params.strategies) {
    const weight = effectiveWeight(strategy, params, iteration, range);
    const list = bySubpopulation.get(strategy.subpopulation) ?? [];
    list.push({ strategy, weight });
    bySubpopulation.set(strategy.subpopulation, list);
  }

  for (const person of persons) {
    if (person.plans.length === 0) continue;
    removeExcessPlans(person, params.maxAgentPlanMemorySize, random);
    const strategy = drawStrategy(bySubpopulation.get(subpopulationOf(person)) ?? [], random);
    if (!strategy) continue;
    const name = strategy.strategyName;
    const unscored = person.plans.filter((plan) => !isScored(plan));
    let chosen: Plan;
    if (unscored.length > 0) chosen = randomElement(random, unscored);
    else if (isSelector(name)) chosen = SELECTORS[name](person, random, options.brainExpBeta);
    else chosen = selectRandom(person, random, options.brainExpBeta);
    selectPlan(person, chosen);
    if (!isSelector(name)) {
      const copy = copyPlan(currentPlan(person));
      delete copy.score;
      person.plans.push(copy);
      selectPlan(person, copy);
      INNOVATIONS[name]!(copy, params, random, reroute);
    }
  }
}
