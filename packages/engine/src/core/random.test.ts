import { describe, expect, it } from 'vitest';
import { createRandom, randomInt } from './random.ts';

describe('createRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = createRandom(4711);
    const b = createRandom(4711);
    const c = createRandom(4712);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
  });

  it('is roughly uniform in [0, 1)', () => {
    const random = createRandom(1);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[randomInt(random, 10)]++;
    for (const count of counts) expect(count).toBeGreaterThan(9_500), expect(count).toBeLessThan(10_500);
  });
});
