import { describe, expect, it } from 'vitest';
import type { TrajectoriesRequest } from '@corridor/contract';
import { decodeTrajectories, encodeTrajectories, windowRange } from './index.ts';
import { buildInMemory, byTime, carTrip, type BuiltInMemory, type TestEvent } from './testing/build.ts';
import { positionAt } from './testing/interpolate.ts';
import { lineNetwork } from './testing/network.ts';
import { EventPositions } from './testing/positions.ts';

const NET = lineNetwork(['a', 'b', 'c', 'd', 'e']);

function query(built: BuiltInMemory, request: TrajectoriesRequest) {
  const { start, end } = windowRange(built.meta, request.timeFilter.from, request.timeFilter.to);
  const bytes = encodeTrajectories(built.segments.subarray(start, end), request, { meta: built.meta, vehicleModes: built.vehicleModes, links: NET });
  return decodeTrajectories(bytes);
}

/** Times to check: each span's ends, middle and a third of the way, plus a moment outside traffic, within [from, to]. */
export function sampleTimes(spans: readonly { t0: number; t1: number }[], from: number, to: number): number[] {
  const times = spans.flatMap(({ t0, t1 }) => [t0, t1, (t0 + t1) / 2, t0 + (t1 - t0) / 3, t1 + 0.5]);
  return times.filter((t) => t >= from && t <= to);
}

function pathPoints(answer: ReturnType<typeof decodeTrajectories>, p: number): number[][] {
  const out: number[][] = [];
  for (let i = answer.startIndices[p]!; i < answer.startIndices[p + 1]!; i++) out.push([...answer.points.subarray(i * 4, i * 4 + 4)]);
  return out;
}

describe('encodeTrajectories', () => {
  const events = byTime(
    carTrip('car1', ['a', 'b', 'c'], 100, 10),
    carTrip('bike1', ['b', 'c', 'd'], 105, 20, 'bike'),
    carTrip('car1', ['c', 'd'], 200, 50),
  );
  const built = buildInMemory(NET.ids, events, { windowSeconds: 60 });

  it('answers one path per stretch with shared node points, values by attribute', () => {
    const answer = query(built, { timeFilter: { from: 0, to: 1000 }, attribute: 'relative-speed' });
    expect(answer.paths).toBe(3);
    expect([...answer.vehicle]).toEqual([0, 0, 1]);
    // car1's first stretch: waits at a's end 100–101, then b at 10 m/s (relative 1.0), then c.
    expect(pathPoints(answer, 0)).toEqual([
      [100, 1, 100, 0],
      [100, 1, 101, 1],
      [200, 2, 111, 1],
      [300, 3, 121, 1],
    ]);
    expect(pathPoints(answer, 1)).toEqual([
      [300, 3, 200, 0],
      [300, 3, 201, Math.fround(0.2)],
      [400, 4, 251, Math.fround(0.2)],
    ]);
  });

  it('gives mode indices, absolute speeds and NaN without an attribute', () => {
    const modes = query(built, { timeFilter: { from: 0, to: 1000 }, attribute: 'mode' });
    expect(built.meta.modes).toEqual(['car', 'bike']);
    expect(pathPoints(modes, 2).map((p) => p[3])).toEqual([1, 1, 1, 1]);
    const speeds = query(built, { timeFilter: { from: 0, to: 1000 }, attribute: 'absolute-speed' });
    expect(pathPoints(speeds, 2).map((p) => p[3])).toEqual([0, 5, 5, 5]);
    const none = query(built, { timeFilter: { from: 0, to: 1000 } });
    expect(pathPoints(none, 0).every((p) => Number.isNaN(p[3]))).toBe(true);
    expect(() => query(built, { timeFilter: { from: 0, to: 1 }, attribute: 'colour' })).toThrow('Unknown attribute colour.');
  });

  it('keeps only segments overlapping the window and the modes the filters keep', () => {
    const late = query(built, { timeFilter: { from: 115, to: 130 } });
    // car1 on c (111–121) and bike1 on c (126–146) plus its b segment ending at 126.
    expect(late.paths).toBe(2);
    expect(pathPoints(late, 0).map((p) => p[2])).toEqual([111, 121]);
    expect(pathPoints(late, 1).map((p) => p[2])).toEqual([106, 126, 146]);
    const bikes = query(built, { timeFilter: { from: 0, to: 1000 }, filters: [{ name: 'mode', operator: '=', value: 'bike' }] });
    expect([...bikes.vehicle]).toEqual([1]);
    const notBikes = query(built, { timeFilter: { from: 0, to: 1000 }, filters: [{ name: 'mode', operator: 'not in', value: ['bike', 'walk'] }] });
    expect([...notBikes.vehicle]).toEqual([0, 0]);
    expect(() => query(built, { timeFilter: { from: 0, to: 1 }, filters: [{ name: 'speed', operator: '>', value: 3 }] })).toThrow(/only "mode"/);
    expect(() => query(built, { timeFilter: { from: 0, to: 1 }, filters: [{ name: 'mode', operator: '<', value: 'car' }] })).toThrow(/Cannot filter mode with "<"/);
    expect(query(built, { timeFilter: { from: 5000, to: 6000 } }).paths).toBe(0);
  });

  it('places every vehicle where its link events put it, at any time', () => {
    const trips: TestEvent[][] = [];
    for (let v = 0; v < 200; v++) {
      const start = (v * 37) % 900;
      const first = v % 3;
      trips.push(carTrip(`v${v}`, NET.ids.slice(first, first + 2 + (v % 3)), start, 3 + (v % 17)));
      trips.push(carTrip(`v${v}`, ['e'], start + 400, 0));
    }
    const all = byTime(...trips);
    const data = buildInMemory(NET.ids, all, { windowSeconds: 300 });
    const oracle = new EventPositions((id) => NET.coordsOf(id));
    for (const event of all) oracle.add(event);
    let checked = 0;
    for (let from = 0; from < 1500; from += 250) {
      const answer = query(data, { timeFilter: { from, to: from + 300 } });
      for (let v = 0; v < 200; v += 3) {
        for (const t of sampleTimes(oracle.spans(`v${v}`), from, from + 300)) {
          const expected = oracle.at(`v${v}`, t);
          const actual = positionAt(answer, data.vehicleIds.indexOf(`v${v}`), t);
          expect(actual, `v${v} at ${t}`).toEqual(expected);
          if (expected) checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('decodeTrajectories', () => {
  it('round-trips and views the bytes without copying when aligned', () => {
    const built = buildInMemory(NET.ids, carTrip('x', ['a', 'b'], 0, 5));
    const bytes = encodeTrajectories(built.segments, { timeFilter: { from: 0, to: 10 }, attribute: 'mode' }, { meta: built.meta, vehicleModes: built.vehicleModes, links: NET });
    const answer = decodeTrajectories(bytes);
    expect(answer.points.buffer).toBe(bytes.buffer);
    expect(answer.paths).toBe(1);
    expect([...answer.startIndices]).toEqual([0, 3]);
    expect([...answer.points]).toEqual([100, 1, 0, 0, 100, 1, 1, 0, 200, 2, 6, 0]);
    const unaligned = new Uint8Array(bytes.byteLength + 1).subarray(1);
    unaligned.set(bytes);
    expect([...decodeTrajectories(unaligned).points]).toEqual([...answer.points]);
    expect(() => decodeTrajectories(bytes.subarray(0, bytes.byteLength - 4))).toThrow();
  });
});
