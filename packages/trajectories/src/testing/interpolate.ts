/** Test helper: a vehicle's position at t interpolated from a decoded trajectories answer, as the web app draws it. */
import type { DecodedTrajectories } from '../api.ts';

/** The position at `t` on the vehicle's paths (the latest path holding t wins), or null. */
export function positionAt(answer: DecodedTrajectories, vehicle: number, t: number): [number, number] | null {
  const { points, startIndices } = answer;
  let found: [number, number] | null = null;
  for (let p = 0; p < answer.paths; p++) {
    if (answer.vehicle[p] !== vehicle) continue;
    const first = startIndices[p]!;
    const last = startIndices[p + 1]! - 1;
    if (t < points[first * 4 + 2]! || t > points[last * 4 + 2]!) continue;
    for (let i = last; i >= first; i--) {
      const ti = points[i * 4 + 2]!;
      if (ti > t) continue;
      if (ti === t || i === last) {
        found = [points[i * 4]!, points[i * 4 + 1]!];
        break;
      }
      const tn = points[(i + 1) * 4 + 2]!;
      const f = (t - ti) / (tn - ti);
      found = [points[i * 4]! + (points[(i + 1) * 4]! - points[i * 4]!) * f, points[i * 4 + 1]! + (points[(i + 1) * 4 + 1]! - points[i * 4 + 1]!) * f];
      break;
    }
  }
  return found;
}
