import { describe, expect, it } from 'vitest';
import { arrowPlacements, arrowSizes, PAIR_OFFSET_PX } from './arrowPlacement.ts';

const at = (array: ArrayLike<number>, index: number, size: number) => Array.from({ length: size }, (_, k) => array[index * size + k]!);

describe('direction arrow placement', () => {
  it('puts a one-way arrow at the midpoint, turned along the link, without offset', () => {
    const placed = arrowPlacements(new Float32Array([0, 0, 2, 0, 0, 0, 0, 2, 0, 0, -2, 0]));
    expect(placed.length).toBe(3);
    expect(at(placed.positions, 0, 2)).toEqual([1, 0]);
    expect(at(placed.positions, 1, 2)).toEqual([0, 1]);
    expect(placed.angles[0]).toBeCloseTo(0); // east
    expect(placed.angles[1]).toBeCloseTo(90); // north: counter-clockwise
    expect(Math.abs(placed.angles[2]!)).toBeCloseTo(180); // west
    expect(Array.from(placed.offsets)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('turns by the on-screen direction: a degree of longitude is shorter away from the equator', () => {
    // At 60° north a degree east is half a degree north on screen, so a link 1° east and 0.5° north runs at 45°.
    const placed = arrowPlacements([10, 60, 11, 60.5]);
    expect(placed.angles[0]).toBeCloseTo(45, 0);
  });

  it('pushes both arrows of a two-way pair to the right of their own direction, so both show', () => {
    const placed = arrowPlacements(new Float32Array([0, 0, 1, 0, 1, 0, 0, 0]));
    // Eastbound: right is south, which is down on the screen (y grows downwards).
    expect(at(placed.offsets, 0, 2).map((v) => Math.round(v))).toEqual([0, PAIR_OFFSET_PX]);
    // Westbound: right is north, up on the screen.
    expect(at(placed.offsets, 1, 2).map((v) => Math.round(v))).toEqual([0, -PAIR_OFFSET_PX]);
    expect(at(placed.positions, 0, 2)).toEqual(at(placed.positions, 1, 2));
  });

  it('offsets a northbound link of a pair to the east, and takes the offset it is given', () => {
    const placed = arrowPlacements([0, 0, 0, 1, 0, 1, 0, 0], 8);
    expect(at(placed.offsets, 0, 2).map((v) => Math.round(v))).toEqual([8, 0]);
    expect(at(placed.offsets, 1, 2).map((v) => Math.round(v))).toEqual([-8, 0]);
  });

  it('leaves a loop on one node and an empty input alone', () => {
    expect(Array.from(arrowPlacements([5, 5, 5, 5]).offsets)).toEqual([0, 0]);
    expect(arrowPlacements(new Float32Array(0)).length).toBe(0);
  });

  it('sizes arrows with the line width, 5–16 px for pixel widths, metres left to the layer', () => {
    expect(Array.from(arrowSizes(new Float32Array([0.5, 2, 3, 10]), 'pixels'))).toEqual([5, 8, 12, 16]);
    expect(Array.from(arrowSizes(new Float32Array([0.5, 10]), 'meters'))).toEqual([2, 40]);
  });
});
