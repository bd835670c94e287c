/**
 * Where each vehicle is at time t, from the decoded trajectories answer (4 floats per point: lon, lat, time,
 * value): written into arrays that are made once and reused every frame — no per-vehicle objects per frame.
 * Only vehicles in traffic at t are written, packed from index 0; `count` says how many.
 */
import type { DecodedTrajectories } from '@corridor/trajectories';

export interface Frame {
  count: number;
  /** x, y, z (z 0) per vehicle. */
  positions: Float32Array;
  /** The point's attribute value (NaN without one). */
  values: Float32Array;
  /** 1 while the vehicle stands (its two points around t are the same place). */
  stationary: Uint8Array;
  /** Heading in degrees counter-clockwise from east (0 while standing). */
  headings: Float32Array;
  /** The point each vehicle is coming from (its colour is that point's, computed once per load). */
  points: Int32Array;
}

export function createFrame(capacity: number): Frame {
  return {
    count: 0,
    positions: new Float32Array(capacity * 3),
    values: new Float32Array(capacity),
    stationary: new Uint8Array(capacity),
    headings: new Float32Array(capacity),
    points: new Int32Array(capacity),
  };
}

/** A frame big enough for `paths` vehicles: the old one when it fits. */
export function frameFor(frame: Frame | null, paths: number): Frame {
  return frame && frame.values.length >= paths ? frame : createFrame(Math.max(paths, 1));
}

/** The last point index in [first, last) whose time is ≤ t (binary search). */
function pointBefore(points: Float32Array, first: number, last: number, t: number): number {
  let low = first;
  let high = last - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (points[middle * 4 + 2]! <= t) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function interpolate(data: DecodedTrajectories, t: number, frame: Frame): Frame {
  const { points, startIndices } = data;
  let count = 0;
  for (let path = 0; path < data.paths; path++) {
    const first = startIndices[path]!;
    const end = startIndices[path + 1]!;
    if (end - first < 1 || t < points[first * 4 + 2]! || t > points[(end - 1) * 4 + 2]!) continue;
    const a = pointBefore(points, first, end, t);
    const b = Math.min(a + 1, end - 1);
    const ta = points[a * 4 + 2]!;
    const tb = points[b * 4 + 2]!;
    const share = tb > ta ? (t - ta) / (tb - ta) : 0;
    const ax = points[a * 4]!;
    const ay = points[a * 4 + 1]!;
    const dx = points[b * 4]! - ax;
    const dy = points[b * 4 + 1]! - ay;
    frame.positions[count * 3] = ax + dx * share;
    frame.positions[count * 3 + 1] = ay + dy * share;
    frame.positions[count * 3 + 2] = 0;
    frame.values[count] = points[a * 4 + 3]!;
    frame.points[count] = a;
    const standing = dx === 0 && dy === 0;
    frame.stationary[count] = standing ? 1 : 0;
    frame.headings[count] = standing ? 0 : (Math.atan2(dy, dx * Math.cos((ay * Math.PI) / 180)) * 180) / Math.PI;
    count++;
  }
  frame.count = count;
  return frame;
}
