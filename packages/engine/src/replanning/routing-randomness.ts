/**
 * MATSim's RandomizingTimeDistanceTravelDisutility draws, per person, a log-normal factor on the distance part of
 * the routing cost (σ = routing.routingRandomness, 3 by default), normalised to mean 1, so agents with the same
 * origin and destination spread over routes of similar cost. With a zero distance cost (equil) it has no effect.
 */
import type { Random } from '../core/random.ts';

/** A standard normal draw (Box–Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random(); // (0, 1], so the log is finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function distanceFactor(sigma: number, random: Random): number {
  if (sigma <= 0) return 1;
  // exp(σZ) has mean exp(σ²/2); dividing by it keeps the expected distance cost unchanged.
  return Math.exp(sigma * gaussian(random) - (sigma * sigma) / 2);
}
