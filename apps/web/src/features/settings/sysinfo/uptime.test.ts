import { describe, expect, it } from 'vitest';
import { formatUptime } from './uptime.ts';

describe('formatUptime', () => {
  it('shows seconds under a minute, then minutes, hours and days', () => {
    expect(formatUptime(42.7, 'en')).toBe('42 sec');
    expect(formatUptime(125, 'en')).toBe('2 min');
    expect(formatUptime(3 * 3600 + 60, 'en')).toBe('3 hr, 1 min');
    expect(formatUptime(2 * 86_400 + 30, 'en')).toBe('2 days, 0 hr, 0 min');
  });
});
