import { describe, expect, it } from 'vitest';
import { compareDashboardPath, parseRunIds } from './runIds.ts';

describe('parseRunIds', () => {
  it.each([
    [null, []],
    ['', []],
    ['7', [7]],
    ['3,1,2', [3, 1, 2]],
    [' 4 , 5 ', [4, 5]],
    ['1,,2,', [1, 2]],
    ['1,1,2,1', [1, 2]],
    ['1,abc,-2,2.5,0,3', [1, 3]],
    ['99999999999999999999,6', [6]],
  ])('%j → %j', (param, ids) => {
    expect(parseRunIds(param)).toEqual(ids);
  });
});

describe('compareDashboardPath', () => {
  it('opens a new dashboard over the first two runs, filled from the template', () => {
    expect(compareDashboardPath('my team', [9, 4, 2], 'overview')).toBe('/my%20team/dashboards/new?datasets=9,4&template=overview');
    expect(compareDashboardPath('ada', [1, 2], 'trips')).toBe('/ada/dashboards/new?datasets=1,2&template=trips');
  });
});
