/** Charypar–Nagel cases the equil/newwest runs do not reach, against hand-derived values (utils/h, hours). */
import { describe, expect, it } from 'vitest';
import { readConfig, type Plan, type PlanElement } from '@corridor/matsim';
import { scoringParamsFromConfig } from './params.ts';
import { activityScore, scorePlan, stuckPenalty, updatedScore, zeroUtilityDuration } from './score.ts';

const dir = new URL('../../../../../shared/data/output-equil-2024/', import.meta.url).pathname;
const params = scoringParamsFromConfig(await readConfig(`${dir}input/config.xml`));
const H = 3600;
const act = (type: string, start?: number, end?: number): PlanElement => ({
  kind: 'activity', type, ...(start === undefined ? {} : { startTime: start * H }), ...(end === undefined ? {} : { endTime: end * H }),
});
const car = (dep: number, hours: number | undefined, distance = 0): PlanElement => ({
  kind: 'leg', mode: 'car', depTime: dep * H, ...(hours === undefined ? {} : { travTime: hours * H }), route: { distance, description: '' },
});
const plan = (...elements: PlanElement[]): Plan => ({ selected: true, elements });
/** β_perf·T·ln(dur/t0) with relative t0 = T/e, all in hours. */
const perf = (typicalH: number, durH: number) => 6 * typicalH * (Math.log(durH / typicalH) + 1);

describe('scorePlan', () => {
  it('wraps a same-type first and last activity into one overnight activity', () => {
    const score = scorePlan(plan(act('h', undefined, 8), car(8, 1), act('w', 9, 17), car(17, 1), act('h', 18)), params);
    expect(score).toBeCloseTo(perf(12, 14) + perf(8, 8) - 12, 10);
  });

  it('scores first and last separately when their types differ, cut at closing time', () => {
    const score = scorePlan(plan(act('h', undefined, 8), car(8, 1), act('w', 9)), params);
    // w: 9h–24h, closed at 18h → 9 h performed; h: 0–8h.
    expect(score).toBeCloseTo(perf(12, 8) + perf(8, 9) - 6, 10);
  });

  it('adds the stuck penalty (−432 with default utilities) and scores only the first activity of an aborted plan', () => {
    expect(stuckPenalty(params)).toBeCloseTo(-432, 10);
    const score = scorePlan(plan(act('h', undefined, 8), car(8, undefined)), params, { stuck: true });
    expect(score).toBeCloseTo(perf(12, 8) - 432, 10);
  });

  it('adds money, mode constants and the daily constant once per mode', () => {
    const withConstants = structuredClone(params);
    Object.assign(withConstants.modes.get('car')!, { constant: -1, dailyUtilityConstant: 5, monetaryDistanceRate: -0.0001 });
    const base = scorePlan(plan(act('h', undefined, 8), car(8, 1), act('w', 9, 17), car(17, 1), act('h', 18)), params);
    const score = scorePlan(
      plan(act('h', undefined, 8), car(8, 1, 10_000), act('w', 9, 17), car(17, 1, 10_000), act('h', 18)),
      withConstants,
      { money: 10 },
    );
    expect(score - base).toBeCloseTo(-2 + 5 - 2 + 10, 10);
  });
});

describe('activityScore', () => {
  it('extends the slope at t0 linearly below the zero-utility duration and charges late arrival', () => {
    const t0 = 8 / Math.E;
    // w from 10h to 11h: 1 h < t0; late by 1 h after latestStartTime 9h.
    expect(activityScore(10 * H, 11 * H, 'w', params)).toBeCloseTo(-(6 * 8 / t0) * (t0 - 1) - 18, 10);
  });

  it('treats a visit entirely outside the opening hours as zero duration at departure', () => {
    expect(activityScore(19 * H, 20 * H, 'w', params)).toBeCloseTo(-48 - 18 * 11, 10);
  });

  it('computes the uniform zero-utility duration T·exp(−10/(T_h/p))', () => {
    const act = { ...params.activities.get('w')!, typicalDurationScoreComputation: 'uniform' as const };
    expect(zeroUtilityDuration(act)).toBeCloseTo(8 * H * Math.exp(-10 / 8), 6);
  });

  it('refuses an activity type without parameters', () => {
    expect(() => activityScore(0, H, 'shop', params)).toThrow(/shop/);
  });
});

describe('updatedScore', () => {
  it('takes the new score for an unscored plan and blends with the learning rate otherwise', () => {
    expect(updatedScore(undefined, 10, 0.1)).toBe(10);
    expect(updatedScore(20, 10, 1)).toBe(10);
    expect(updatedScore(20, 10, 0.25)).toBeCloseTo(17.5, 12);
  });
});
