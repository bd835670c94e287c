import { describe, expect, it } from 'vitest';
import { comparePath, labelsOf, newestFirst, withLabel } from './runList.ts';

describe('run list rules', () => {
  it('puts the newest created run first', () => {
    const runs = [
      { id: 1, created: '2026-01-01T10:00:00Z' },
      { id: 3, created: '2026-01-03T10:00:00Z' },
      { id: 2, created: '2026-01-03T10:00:00Z' },
    ];
    expect(newestFirst(runs).map((run) => run.id)).toEqual([3, 2, 1]);
  });

  it('compares 2 or more runs', () => {
    expect(comparePath('ada', [5])).toBeNull();
    expect(comparePath('ada', [5, 7])).toBe('/ada/compare?runs=5,7');
    expect(comparePath('team one', [1, 2, 3])).toBe('/team%20one/compare?runs=1,2,3');
  });

  it('offers each label once (ignoring case), sorted, and filters runs by one', () => {
    const runs = [
      { id: 1, labels: ['policy A', 'baseline'] },
      { id: 2, labels: ['Baseline'] },
      { id: 3, labels: [] },
    ];
    expect(labelsOf(runs)).toEqual(['baseline', 'policy A']);
    expect(withLabel(runs, 'BASELINE').map((run) => run.id)).toEqual([1, 2]);
    expect(withLabel(runs, 'policy A').map((run) => run.id)).toEqual([1]);
    expect(withLabel(runs, null).map((run) => run.id)).toEqual([1, 2, 3]);
    expect(withLabel(runs, 'missing')).toEqual([]);
  });
});
