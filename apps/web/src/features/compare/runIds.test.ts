import { describe, expect, it } from 'vitest';
import { parseRunIds } from './runIds.ts';

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
