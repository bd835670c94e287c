import { describe, expect, it } from 'vitest';
import { createRandom } from '../core/random.ts';
import { distanceFactor, gaussian } from './routing-randomness.ts';

describe('routing randomness', () => {
  it('draws standard normal values', () => {
    const random = createRandom(5);
    const draws = Array.from({ length: 50_000 }, () => gaussian(random));
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(variance).toBeCloseTo(1, 1);
  });

  it('gives log-normal factors with median exp(-σ²/2), and 1 without randomness', () => {
    const random = createRandom(6);
    const draws = Array.from({ length: 20_001 }, () => distanceFactor(1, random)).sort((a, b) => a - b);
    expect(draws[10_000]!).toBeCloseTo(Math.exp(-0.5), 1);
    expect(draws.every((d) => d > 0)).toBe(true);
    expect(distanceFactor(0, random)).toBe(1);
  });
});
