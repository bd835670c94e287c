import { describe, expect, it } from 'vitest';
import type { Plan } from '@corridor/matsim';
import { createRandom } from '../core/random.ts';
import { subtourModeChoice, subtoursOf } from './subtour-mode-choice.ts';
import { act, leg } from './test-plans.ts';
import { tripMode, tripsOf } from './trips.ts';

/** home → work → lunch → work → home: a work-based subtour nested in the home tour. */
function nested(mode = 'car'): Plan {
  return {
    selected: true,
    elements: [act('h', 'H', { endTime: 1 }), leg(mode), act('w', 'W', { endTime: 2 }), leg(mode), act('l', 'L', { endTime: 3 }), leg(mode), act('w', 'W', { endTime: 4 }), leg(mode), act('h', 'H')],
  };
}

const options = { modes: ['car', 'pt', 'walk'], chainBasedModes: ['car'] };

describe('SubtourModeChoice', () => {
  it('finds the nested subtour and the enclosing one', () => {
    const subtours = subtoursOf(nested());
    expect(subtours.map((s) => s.trips)).toEqual([[1, 2], [0, 3]]);
    expect(subtours[0]!.parent).toBe(subtours[1]);
    expect(subtours.every((s) => s.closed)).toBe(true);
  });

  it('marks an open chain as not closed and never gives it a chain-based mode', () => {
    const open: Plan = { selected: true, elements: [act('h', 'H', { endTime: 1 }), leg('pt'), act('w', 'W', { endTime: 2 }), leg('pt'), act('x', 'X')] };
    expect(subtoursOf(open)[0]!.closed).toBe(false);
    const random = createRandom(1);
    for (let i = 0; i < 200; i++) {
      const plan = structuredClone(open);
      subtourModeChoice(plan, options, random);
      expect(tripsOf(plan).map(tripMode)).not.toContain('car');
    }
  });

  it('changes whole subtours consistently and keeps car only where it can come back', () => {
    const random = createRandom(21);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const plan = nested('pt');
      expect(subtourModeChoice(plan, options, random)).toBe(true);
      const [a, b, c, d] = tripsOf(plan).map(tripMode);
      expect(a).toBe(d);
      expect(b).toBe(c);
      // car for the lunch subtour needs the car at work, i.e. the home tour by car.
      if (b === 'car') expect(a).toBe('car');
      seen.add(`${a}/${b}`);
    }
    expect(seen).toEqual(new Set(['car/pt', 'walk/pt', 'pt/walk']));
  });

  it('does not take the car away from a home tour whose nested tour uses it', () => {
    const random = createRandom(4);
    for (let i = 0; i < 200; i++) {
      const plan = nested('car');
      subtourModeChoice(plan, options, random);
      const [a, b] = tripsOf(plan).map(tripMode);
      expect(a).toBe('car');
      expect(b).not.toBe('car');
    }
  });
});
