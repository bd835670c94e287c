/**
 * TimeAllocationMutator (MATSim's MutateActivityTimeAllocation): shift each non-stage activity's end time (or,
 * without one, its duration) by a uniform step in ±mutationRange, then recompute the legs' departure times.
 */
import type { Plan } from '@corridor/matsim';
import { randomInt, type Random } from '../core/random.ts';
import { isStageActivity } from './trips.ts';

export interface TimeAllocationOptions {
  mutationRange: number;
  mutationRangeStep: number;
  latestActivityEndTime: number;
  mutationAffectsDuration: boolean;
}

export function mutateTime(time: number, options: TimeAllocationOptions, random: Random): number {
  const step = Math.max(1, options.mutationRangeStep);
  const draws = Math.max(1, Math.ceil(options.mutationRange / step));
  return Math.max(0, time - options.mutationRange + 2 * step * randomInt(random, draws));
}

export function mutateTimeAllocation(plan: Plan, options: TimeAllocationOptions, random: Random): void {
  for (const element of plan.elements) {
    if (element.kind !== 'activity' || isStageActivity(element)) continue;
    if (element.endTime !== undefined) {
      element.endTime = Math.min(mutateTime(element.endTime, options, random), options.latestActivityEndTime);
      // A start time from an earlier execution no longer fits the new end; MATSim clears it too.
      delete element.startTime;
    } else if (element.maxDur !== undefined && options.mutationAffectsDuration) {
      element.maxDur = mutateTime(element.maxDur, options, random);
    }
  }
  recomputeDepartureTimes(plan);
}

/** Each leg departs when the previous activity ends (end time, else arrival + max_dur); unknown stays unset. */
export function recomputeDepartureTimes(plan: Plan): void {
  let now: number | undefined = 0;
  for (const element of plan.elements) {
    if (element.kind === 'activity') {
      if (element.endTime !== undefined) now = element.endTime;
      else if (element.maxDur !== undefined && now !== undefined) now += element.maxDur;
      else if (!isStageActivity(element)) now = undefined;
      continue;
    }
    if (now === undefined) delete element.depTime;
    else element.depTime = now;
    const travel = element.travTime ?? element.route?.travTime;
    now = now === undefined || travel === undefined ? undefined : now + travel;
  }
}
