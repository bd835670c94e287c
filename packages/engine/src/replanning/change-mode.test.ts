import { describe, expect, it } from 'vitest';
import type { Leg, Plan } from '@corridor/matsim';
import { changeSingleTripMode, changeTripMode } from './change-mode.ts';
import { createRandom } from '../core/random.ts';
import { act, leg } from './test-plans.ts';
import { tripMode, tripsOf } from './trips.ts';

function commute(): Plan {
  return {
    selected: true,
    elements: [
      act('h', '1', { endTime: 21600 }),
      { ...leg('car'), route: { type: 'links', description: '1 2', startLink: '1', endLink: '2' } },
      act('w', '2', { endTime: 50000 }),
      leg('walk'),
      act('car interaction', '3'),
      leg('car'),
      act('h', '1'),
    ],
  };
}

describe('ChangeTripMode', () => {
  it('gives every trip the same new mode, without routes, stage activities dropped', () => {
    const plan = commute();
    expect(changeTripMode(plan, ['car', 'pt', 'bike'], createRandom(5))).toBe(true);
    const modes = tripsOf(plan).map(tripMode);
    expect(new Set(modes).size).toBe(1);
    expect(modes[0]).not.toBe('car');
    expect(plan.elements).toHaveLength(5);
    const legs = plan.elements.filter((e): e is Leg => e.kind === 'leg');
    expect(legs.every((l) => l.route === undefined && l.attributes?.get('routingMode')?.text === modes[0])).toBe(true);
  });

  it('draws the new mode uniformly among the other modes', () => {
    const random = createRandom(9);
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const plan = commute();
      changeTripMode(plan, ['car', 'pt', 'bike'], random);
      const mode = tripMode(tripsOf(plan)[0]!);
      counts.set(mode, (counts.get(mode) ?? 0) + 1);
    }
    expect(counts.get('car')).toBeUndefined();
    expect(counts.get('pt')! / 3000).toBeCloseTo(0.5, 1);
  });

  it('leaves trips with modes outside the list alone', () => {
    const plan: Plan = { selected: true, elements: [act('h', '1', { endTime: 1 }), leg('ride'), act('h', '1')] };
    expect(changeTripMode(plan, ['car', 'pt'], createRandom(1))).toBe(false);
    expect((plan.elements[1] as Leg).mode).toBe('ride');
  });

  it('ChangeSingleTripMode changes exactly one trip', () => {
    const plan = commute();
    changeSingleTripMode(plan, ['car', 'pt'], createRandom(2));
    expect(tripsOf(plan).map(tripMode).sort()).toEqual(['car', 'pt']);
  });
});
