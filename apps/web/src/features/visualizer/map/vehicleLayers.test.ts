import { describe, expect, test } from 'vitest';
import { createFrame, interpolate } from '../model/interpolate.ts';
import { createStandingScratch, frameColors, standingSizes, vehicleData } from './vehicleLayers.ts';

const data = {
  paths: 2,
  vehicle: new Int32Array([0, 1]),
  startIndices: new Int32Array([0, 2, 4]),
  points: new Float32Array([0, 0, 10, 0, 1, 0, 20, 0, 5, 5, 10, 1, 5, 6, 20, 1]),
};
const pointColors = new Uint8Array([1, 1, 1, 255, 2, 2, 2, 255, 3, 3, 3, 255, 4, 4, 4, 255]);

describe('vehicle layer data', () => {
  test('splits the points once into positions and timestamps for the trails', () => {
    const loaded = vehicleData(data, pointColors);
    expect([...loaded.positions]).toEqual([0, 0, 1, 0, 5, 5, 5, 6]);
    expect([...loaded.timestamps]).toEqual([10, 20, 10, 20]);
  });

  test('gives each drawn vehicle the colour of the point it comes from, in an array reused between frames', () => {
    const frame = interpolate(data, 15, createFrame(2));
    const colors = frameColors(null, frame, pointColors);
    expect([...colors.moving.slice(0, 8)]).toEqual([1, 1, 1, 255, 3, 3, 3, 255]);
    expect(frameColors(colors, frame, pointColors)).toBe(colors);
  });

  test('sizes standing vehicles in each layer\'s own array: a second layer does not overwrite the first', () => {
    const frame = createFrame(2);
    frame.count = 2;
    frame.stationary[0] = 1;
    frame.stationary[1] = 0;
    const first = createStandingScratch();
    const second = createStandingScratch();
    const circles = standingSizes(first, frame, 10, 1);
    const spheres = standingSizes(second, frame, 20, 3);
    expect([...circles.slice(0, 2)]).toEqual([10, 0]);
    expect([...spheres.slice(0, 6)]).toEqual([20, 20, 20, 0, 0, 0]);
    expect(standingSizes(first, frame, 10, 1)).toBe(circles);
  });
});
