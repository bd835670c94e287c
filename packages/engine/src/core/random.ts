/**
 * The engine's seeded generator (mulberry32): every random choice (replanning, node order, demo scenarios) comes
 * from one passed in, so a run is reproducible per `global.randomSeed` (Math.random cannot be seeded).
 */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A uniform integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}

export function randomElement<T>(random: Random, items: readonly T[]): T {
  return items[randomInt(random, items.length)]!;
}
