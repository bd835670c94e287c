/**
 * Charypar–Nagel scoring of one experienced plan (matsim-facts §6), in the order MATSim's SumScoringFunction
 * adds things up: activities (first one held back for the overnight wrap), legs, money, stuck penalty.
 */
import type { Activity, Leg, Plan } from '@corridor/matsim';
import type { ActivityParams, ModeParams, ScoringParams } from '../core/types.ts';

export interface ScorePlanOptions {
  /** Sum of the person's personMoney amounts. */
  money?: number;
  /** The agent got stuck (stuckAndAbort): adds the aborted-plan penalty. */
  stuck?: boolean;
  /** scoring.simulationPeriodInDays (1). */
  simulationPeriodInDays?: number;
}

const DAY = 24 * 3600;

/** The zero-utility duration t0 in seconds. */
export function zeroUtilityDuration(params: ActivityParams): number {
  const typical = params.typicalDuration ?? 0;
  if (params.typicalDurationScoreComputation === 'uniform') {
    const hours = typical / 3600;
    return typical * Math.exp(-10 / (hours / params.priority));
  }
  return typical * Math.exp(-1 / params.priority);
}

/** Score of performing `act` from arrival A to departure D (CharyparNagelActivityScoring.calcActScore). */
export function activityScore(arrival: number, departure: number, type: string, params: ScoringParams): number {
  const act = params.activities.get(type);
  if (!act) throw new Error(`scoring: no activityParams for activity type "${type}"`);
  if (!act.scoringThisActivityAtAll) return 0;
  const perSecond = (utilsPerHour: number) => utilsPerHour / 3600;
  const { openingTime, closingTime } = act;
  let start = arrival;
  let end = departure;
  if (openingTime !== undefined && arrival < openingTime) start = openingTime;
  if (closingTime !== undefined && closingTime < departure) end = closingTime;
  if (openingTime !== undefined && closingTime !== undefined && (openingTime > departure || closingTime < arrival)) {
    // The agent was there only while the facility was closed.
    start = departure;
    end = departure;
  }
  const duration = end - start;
  let score = 0;
  if (arrival < start) score += perSecond(params.waiting) * (start - arrival);
  if (act.latestStartTime !== undefined && start > act.latestStartTime)
    score += perSecond(params.lateArrival) * (start - act.latestStartTime);
  const typical = act.typicalDuration ?? 0;
  const t0 = zeroUtilityDuration(act);
  const performing = perSecond(params.performing);
  if (duration >= t0) {
    score += performing * typical * Math.log(duration / 3600 / (t0 / 3600));
  } else {
    // Below t0 the log would fall steeply; MATSim continues with the slope at t0 instead.
    score -= ((performing * typical) / t0) * (t0 - duration);
  }
  if (act.earliestEndTime !== undefined && end < act.earliestEndTime)
    score += perSecond(params.earlyDeparture) * (act.earliestEndTime - end);
  if (act.minimalDuration !== undefined && duration < act.minimalDuration)
    score += perSecond(params.earlyDeparture) * (act.minimalDuration - duration);
  if (departure > end) score += perSecond(params.waiting) * (departure - end);
  return score;
}

export function modeParamsFor(mode: string, params: ScoringParams): ModeParams {
  const found = params.modes.get(mode) ?? (mode === 'transit_walk' || mode === 'non_network_walk' ? params.modes.get('walk') : undefined);
  if (!found) throw new Error(`scoring: no modeParams for mode "${mode}"`);
  return found;
}

/** Score of one leg, without the daily constants (CharyparNagelLegScoring.calcLegScore). */
export function legScore(leg: Leg, params: ScoringParams): number {
  const mode = modeParamsFor(leg.mode, params);
  const travelTime = leg.travTime ?? 0;
  let score = (travelTime * mode.marginalUtilityOfTraveling_util_hr) / 3600;
  if (mode.marginalUtilityOfDistance_util_m !== 0 || mode.monetaryDistanceRate !== 0) {
    const distance = leg.route?.distance ?? 0;
    score += mode.marginalUtilityOfDistance_util_m * distance;
    score += mode.monetaryDistanceRate * params.marginalUtilityOfMoney * distance;
  }
  return score + mode.constant;
}

/** The aborted-plan penalty: a whole day at the worst marginal utility (−432 with the defaults). */
export function stuckPenalty(params: ScoringParams): number {
  const worstTraveling = Math.min(...[...params.modes.values()].map((m) => m.marginalUtilityOfTraveling_util_hr));
  const worst = Math.min(
    Math.min(params.lateArrival, params.earlyDeparture),
    Math.min(worstTraveling - params.performing, params.waiting - params.performing),
  );
  return (worst / 3600) * DAY;
}

/** The Charypar–Nagel score of an experienced plan (first activity without start, last without end). */
export function scorePlan(plan: Plan, params: ScoringParams, options: ScorePlanOptions = {}): number {
  const days = options.simulationPeriodInDays ?? 1;
  let activities = 0;
  let legs = 0;
  let first: Activity | undefined;
  let reachedLast = false;
  const usedModes = new Set<string>();
  for (const element of plan.elements) {
    if (element.kind === 'leg') {
      if (element.travTime === undefined) continue; // an aborted leg is not scored
      legs += legScore(element, params);
      if (!usedModes.has(element.mode)) {
        usedModes.add(element.mode);
        const mode = modeParamsFor(element.mode, params);
        legs += mode.dailyUtilityConstant + mode.dailyMonetaryConstant * params.marginalUtilityOfMoney;
      }
    } else if (element.startTime === undefined) {
      first = element;
    } else if (element.endTime === undefined) {
      reachedLast = true;
      if (first && (first.type === element.type || first.type === 'not specified')) {
        activities += activityScore(element.startTime, (first.endTime ?? 0) + DAY, element.type, params);
      } else {
        if (first) activities += activityScore(0, first.endTime ?? 0, first.type, params);
        activities += activityScore(element.startTime, DAY * days, element.type, params);
      }
      first = undefined;
    } else {
      activities += activityScore(element.startTime, element.endTime, element.type, params);
    }
  }
  if (!reachedLast && first) activities += activityScore(0, first.endTime ?? 0, first.type, params);
  const money = (options.money ?? 0) * params.marginalUtilityOfMoney;
  const stuck = options.stuck ? stuckPenalty(params) : 0;
  return activities + legs + money + stuck;
}

/**
 * The score a plan keeps after an iteration (NewScoreAssignerImpl): the new score if it had none, else
 * `learningRate·new + (1 − learningRate)·old`.
 */
export function updatedScore(old: number | undefined, experienced: number, learningRate: number): number {
  if (old === undefined || Number.isNaN(old)) return experienced;
  return learningRate * experienced + (1 - learningRate) * old;
}
