import { describe, expect, test } from 'vitest';
import { createFrame, frameFor, interpolate } from './interpolate.ts';

/** Two paths: one drives east from (0,0) at t 10 to (1,0) at t 20 then stands until 30; one from t 100 to 110. */
const data = {
  paths: 2,
  vehicle: new Int32Array([0, 1]),
  startIndices: new Int32Array([0, 3, 5]),
  points: new Float32Array([0, 0, 10, 1, 1, 0, 20, 1, 1, 0, 30, 1, 5, 5, 100, 7, 5, 6, 110, 7]),
};

describe('vehicle positions at a time', () => {
  test('interpolates along the path and skips vehicles not in traffic', () => {
    const frame = interpolate(data, 15, createFrame(2));
    expect(frame.count).toBe(1);
    expect([...frame.positions.slice(0, 3)]).toEqual([0.5, 0, 0]);
    expect(frame.values[0]).toBe(1);
    expect(frame.points[0]).toBe(0);
    expect(frame.stationary[0]).toBe(0);
    expect(frame.headings[0]).toBeCloseTo(0);
  });

  test('marks a vehicle standing between two points at the same place', () => {
    const frame = interpolate(data, 25, createFrame(2));
    expect(frame.count).toBe(1);
    expect([...frame.positions.slice(0, 2)]).toEqual([1, 0]);
    expect(frame.stationary[0]).toBe(1);
  });

  test('packs the vehicles in traffic from index 0 and reuses the arrays', () => {
    const frame = createFrame(2);
    const positions = frame.positions;
    interpolate(data, 105, frame);
    expect(frame.count).toBe(1);
    expect(frame.positions).toBe(positions);
    expect(frame.positions[0]).toBe(5);
    expect(frame.points[0]).toBe(3);
    expect(frame.positions[1]).toBeCloseTo(5.5);
    expect(frame.headings[0]).toBeCloseTo(90);
    expect(interpolate(data, 50, frame).count).toBe(0);
  });

  test('keeps a frame that fits and makes a bigger one otherwise', () => {
    const frame = createFrame(4);
    expect(frameFor(frame, 3)).toBe(frame);
    expect(frameFor(frame, 5).values.length).toBe(5);
  });
});
