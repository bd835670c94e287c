import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime } from './format.ts';

describe('formatBytes', () => {
  it('picks a decimal unit', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(1_500, 'en')).toBe('1.5 kB');
    expect(formatBytes(2_340_000, 'en')).toBe('2.3 MB');
    expect(formatBytes(2_340_000, 'de')).toBe('2,3 MB');
  });
});

describe('formatDateTime', () => {
  it('keeps an unreadable text as it is', () => {
    expect(formatDateTime('yesterday', 'en')).toBe('yesterday');
  });
});
