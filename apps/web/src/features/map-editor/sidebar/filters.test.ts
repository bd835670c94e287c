import type { LinkAttribute, NetworkCondition } from '@corridor/contract';
import { NetworkCondition as ConditionSchema } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { buildConditions, draftFromConditions, filterLayout, sameConditions } from './filters.ts';

const standard: LinkAttribute[] = [
  { name: 'length', type: 'decimal' },
  { name: 'freespeed', type: 'decimal' },
  { name: 'capacity', type: 'numeric' },
  { name: 'lanes', type: 'numeric' },
  { name: 'modes', type: 'categorical' },
];

describe('layer filter conditions (spec 2 §2 Filters)', () => {
  it('numbers give >= and <=, categorical values give in, in the order of the attributes', () => {
    const conditions = buildConditions(standard, { modes: { values: ['car', 'bus'] }, capacity: { min: 1000, max: 5000 }, freespeed: { max: 13.89 } });
    expect(conditions).toEqual([
      { attribute: 'freespeed', operator: '<=', value: 13.89 },
      { attribute: 'capacity', operator: '>=', value: 1000 },
      { attribute: 'capacity', operator: '<=', value: 5000 },
      { attribute: 'modes', operator: 'in', values: ['car', 'bus'] },
    ]);
    for (const condition of conditions) expect(ConditionSchema.safeParse(condition).success).toBe(true);
  });

  it('leaves out empty entries, non-numbers and attributes the network does not have', () => {
    expect(buildConditions(standard, { modes: { values: [] }, lanes: { min: Number.NaN }, type: { values: ['primary'] } })).toEqual([]);
  });

  it('a bound of 0 is a bound', () => {
    expect(buildConditions(standard, { lanes: { min: 0 } })).toEqual([{ attribute: 'lanes', operator: '>=', value: 0 }]);
  });

  it('the draft read back from the conditions builds the same conditions', () => {
    const conditions: NetworkCondition[] = [
      { attribute: 'length', operator: '>=', value: 10 },
      { attribute: 'capacity', operator: '<=', value: 600 },
      { attribute: 'modes', operator: 'in', values: ['car'] },
    ];
    expect(buildConditions(standard, draftFromConditions(conditions))).toEqual(conditions);
    expect(sameConditions(buildConditions(standard, draftFromConditions(conditions)), conditions)).toBe(true);
  });
});

describe('filter layout', () => {
  it('fewer than 5 attributes: dense, every attribute shown', () => {
    expect(filterLayout(standard.slice(0, 4), [])).toEqual({ dense: true, shown: standard.slice(0, 4), more: [] });
  });

  it('5 or more: only the active filters shown, the rest under More attributes', () => {
    const attributes = [...standard, { name: 'type', type: 'categorical' } as const];
    const layout = filterLayout(attributes, [{ attribute: 'lanes', operator: '>=', value: 2 }, { attribute: 'lanes', operator: '<=', value: 3 }]);
    expect(layout.dense).toBe(false);
    expect(layout.shown.map((a) => a.name)).toEqual(['lanes']);
    expect(layout.more.map((a) => a.name)).toEqual(['length', 'freespeed', 'capacity', 'modes', 'type']);
  });
});
