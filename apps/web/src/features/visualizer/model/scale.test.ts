import { describe, expect, test } from 'vitest';
import { vehicleScale } from './scale.ts';

describe('vehicle scaling', () => {
  test('is size/10 from zoom 14.5 in and doubles per zoom level further out', () => {
    expect(vehicleScale(16, 10)).toBe(1);
    expect(vehicleScale(14.5, 20)).toBe(2);
    expect(vehicleScale(14, 10)).toBe(2);
    expect(vehicleScale(12.5, 10)).toBe(4);
    expect(vehicleScale(12.4, 5)).toBe(4);
  });
});
