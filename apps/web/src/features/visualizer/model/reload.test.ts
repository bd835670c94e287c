import { describe, expect, test } from 'vitest';
import { fetchWindow, needsReload } from './reload.ts';

const buffer = { start: 1000, end: 1300, key: 'run1' };

describe('vehicle data reload rule', () => {
  test('loads when nothing is loaded or what the data depends on changed', () => {
    expect(needsReload(null, 0, 'run1', false)).toBe(true);
    expect(needsReload(buffer, 1100, 'run1|mode', false)).toBe(true);
  });

  test('loads within 30 s of the end and before the start, not inside', () => {
    expect(needsReload(buffer, 1100, 'run1', false)).toBe(false);
    expect(needsReload(buffer, 1270, 'run1', false)).toBe(false);
    expect(needsReload(buffer, 1271, 'run1', false)).toBe(true);
    expect(needsReload(buffer, 999, 'run1', false)).toBe(true);
  });

  test('never starts a second load while one runs', () => {
    expect(needsReload(null, 0, 'run1', true)).toBe(false);
    expect(needsReload(buffer, 5000, 'run1', true)).toBe(false);
  });

  test('asks for the current time to 300 s later', () => {
    expect(fetchWindow(1234.6)).toEqual({ from: 1234, to: 1534 });
  });
});
