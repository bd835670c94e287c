import { describe, expect, it } from 'vitest';
import { formatHourMinute, formatTime, parseTime } from './time.ts';

describe('line tab times (spec 2 §2)', () => {
  it('accepts seconds, HH:MM and HH:MM:SS', () => {
    expect(parseTime('3600')).toBe(3600);
    expect(parseTime('90.5')).toBe(90.5);
    expect(parseTime('08:15')).toBe(29_700);
    expect(parseTime('08:15:30')).toBe(29_730);
    expect(parseTime(' 25:00:00 ')).toBe(90_000);
    expect(parseTime('7:5')).toBe(25_500);
    expect(parseTime(120)).toBe(120);
  });

  it('gives 0 for anything else', () => {
    for (const input of ['', 'abc', '-5', '1h', '12:75', '12:00:60', '12:00:00:00', '8,15', ':30', '08:']) expect(parseTime(input), input).toBe(0);
    expect(parseTime(Number.NaN)).toBe(0);
    expect(parseTime(-3)).toBe(0);
  });

  it('formats HH:MM:SS and HH:MM, hours past 24 kept', () => {
    expect(formatTime(0)).toBe('00:00:00');
    expect(formatTime(29_730)).toBe('08:15:30');
    expect(formatTime(90_061)).toBe('25:01:01');
    expect(formatTime(59.6)).toBe('00:01:00');
    expect(formatHourMinute(29_759)).toBe('08:15');
    expect(formatHourMinute(90_000)).toBe('25:00');
  });
});
