import { COMPARE_HINT } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';

describe('compare texts', () => {
  it('the hint below 2 runs is the spec text', () => {
    expect(en.compare.hint).toBe(COMPARE_HINT);
    expect(en.titles.compareRuns).toBe('Compare Runs');
  });
});
