import { describe, expect, it } from 'vitest';
import type { Activity, Plan } from '@corridor/matsim';
import { createRandom } from '../core/random.ts';
import { mutateTime, mutateTimeAllocation } from './time-allocation.ts';
import { act, leg } from './test-plans.ts';

const options = { mutationRange: 1800, mutationRangeStep: 1, latestActivityEndTime: 86400, mutationAffectsDuration: true };

describe('TimeAllocationMutator', () => {
  it('draws shifts uniformly within ±mutationRange', () => {
    const random = createRandom(7);
    const shifts = Array.from({ length: 20_000 }, () => mutateTime(10_000, options, random) - 10_000);
    expect(Math.min(...shifts)).toBeGreaterThanOrEqual(-1800);
    expect(Math.max(...shifts)).toBeLessThanOrEqual(1800);
    const mean = shifts.reduce((a, b) => a + b, 0) / shifts.length;
    expect(Math.abs(mean)).toBeLessThan(30);
    expect(shifts.filter((s) => s < -900).length / shifts.length).toBeCloseTo(0.25, 1);
  });

  it('never goes below 0 and honours the step', () => {
    const random = createRandom(3);
    for (let i = 0; i < 1000; i++) {
      expect(mutateTime(100, options, random)).toBeGreaterThanOrEqual(0);
      expect(mutateTime(3600, { ...options, mutationRangeStep: 600 }, random) % 600).toBe(0);
    }
  });

  it('mutates end times (capped at latestActivityEndTime) and durations, skips stage activities, recomputes departures', () => {
    const plan: Plan = {
      selected: true,
      elements: [
        act('h', '1', { endTime: 6 * 3600, startTime: 0 }),
        { ...leg('car'), travTime: 600 },
        act('car interaction', '2', { maxDur: 0 }),
        { ...leg('walk'), travTime: 60 },
        act('w', '20', { maxDur: 8 * 3600 }),
        { ...leg('car'), travTime: 600 },
        act('h', '1', { endTime: 86_000 }),
      ],
    };
    mutateTimeAllocation(plan, options, createRandom(11));
    const [home, , stage, , work, , late] = plan.elements as Activity[];
    expect(Math.abs(home!.endTime! - 6 * 3600)).toBeLessThanOrEqual(1800);
    expect(home!.startTime).toBeUndefined();
    expect(stage!.maxDur).toBe(0);
    expect(Math.abs(work!.maxDur! - 8 * 3600)).toBeLessThanOrEqual(1800);
    expect(late!.endTime).toBeLessThanOrEqual(86400);
    const legs = plan.elements.filter((e) => e.kind === 'leg');
    expect(legs[0]!.depTime).toBe(home!.endTime);
    expect(legs[1]!.depTime).toBe(home!.endTime! + 600);
    expect(legs[2]!.depTime).toBe(home!.endTime! + 660 + work!.maxDur!);
  });

  it('leaves durations alone when mutationAffectsDuration is false', () => {
    const plan: Plan = { selected: true, elements: [act('h', '1', { endTime: 100 }), leg('car'), act('w', '2', { maxDur: 500 }), leg('car'), act('h', '1')] };
    mutateTimeAllocation(plan, { ...options, mutationAffectsDuration: false }, createRandom(1));
    expect((plan.elements[2] as Activity).maxDur).toBe(500);
  });
});
