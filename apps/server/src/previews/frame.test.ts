import { describe, expect, it } from 'vitest';
import { fitFrame } from './frame.ts';

const area = { left: 10, top: 10, right: 790, bottom: 490 };

describe('fitFrame', () => {
  it('fits the limiting axis into the area and centres the other, y up', () => {
    // 2 km wide, 1.5 km high into 780 × 480 px: the height limits (480 / 1500 = 0.32 px/m; 780 / 2000 = 0.39).
    const frame = fitFrame({ minX: 1000, minY: 5000, maxX: 3000, maxY: 6500 }, area);
    expect(frame.scale).toBeCloseTo(0.32);
    expect(frame.y(6500)).toBeCloseTo(10); // north at the top
    expect(frame.y(5000)).toBeCloseTo(490);
    expect(frame.x(2000)).toBeCloseTo(400); // centred horizontally
    expect(frame.x(3000) - frame.x(1000)).toBeCloseTo(640);
  });

  it('keeps the aspect ratio: one scale for both axes', () => {
    const frame = fitFrame({ minX: 0, minY: 0, maxX: 100, maxY: 10 }, area);
    expect(frame.x(100) - frame.x(0)).toBeCloseTo(780);
    expect(frame.y(0) - frame.y(10)).toBeCloseTo(78);
  });

  it('puts a single point in the middle and lines along one axis across the area', () => {
    const point = fitFrame({ minX: 5, minY: 5, maxX: 5, maxY: 5 }, area);
    expect([point.x(5), point.y(5)]).toEqual([400, 250]);
    const vertical = fitFrame({ minX: 0, minY: 0, maxX: 0, maxY: 100 }, area);
    expect(vertical.y(0) - vertical.y(100)).toBeCloseTo(480);
    expect(vertical.x(0)).toBe(400);
  });
});
