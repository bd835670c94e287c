import { describe, expect, it } from 'vitest';
import { differingCells } from './differingCells.ts';

describe('differingCells', () => {
  it.each<[(string | undefined)[], boolean[]]>([
    [['10', '10'], [false, false]],
    [['10', '3'], [true, true]],
    [['10', undefined], [true, true]],
    [[undefined, undefined], [false, false]],
    [['a', 'a', 'b'], [false, false, true]],
    [['a', 'b', 'a', undefined], [false, true, false, true]],
    [['a', 'a', 'b', 'b'], [true, true, true, true]],
    [['a', 'b', 'c'], [true, true, true]],
    [[], []],
  ])('%j → %j', (values, expected) => {
    expect(differingCells(values)).toEqual(expected);
  });
});
