import { describe, expect, test } from 'vitest';
import { advance, formatClock, hourTicks, parseClock, speedIndex, syncedWindow, wrapTime } from './time.ts';

describe('visualizer time control', () => {
  test('wraps around the day both ways', () => {
    expect(wrapTime(86_400)).toBe(0);
    expect(wrapTime(86_500)).toBe(100);
    expect(wrapTime(-10)).toBe(86_390);
    expect(advance(86_390, 1000, 30)).toBe(20);
    expect(advance(3600, 500, 2)).toBe(3601);
  });

  test('shows HH:MM:SS', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(3_723.9)).toBe('01:02:03');
    expect(formatClock(86_399)).toBe('23:59:59');
  });

  test('has a tick per hour from 0 to 24, labelled every third hour', () => {
    const ticks = hourTicks();
    expect(ticks).toHaveLength(25);
    expect(ticks[0]).toEqual({ value: 0, label: '00:00' });
    expect(ticks[1]).toEqual({ value: 3600 });
    expect(ticks[24]).toEqual({ value: 86_400, label: '24:00' });
  });

  test('takes a valid speed index or the 30× default', () => {
    expect(speedIndex('2')).toBe(2);
    expect(speedIndex('x')).toBe(6);
    expect(speedIndex(null)).toBe(6);
    expect(speedIndex('')).toBe(6);
    expect(speedIndex(99)).toBe(6);
  });

  test('a synced window is the fixed window holding the time', () => {
    expect(syncedWindow(1000, 900)).toEqual({ from: 900, to: 1800 });
    expect(syncedWindow(3600, 3600)).toEqual({ from: 3600, to: 7200 });
  });
  test('reads typed clock times H:MM and H:MM:SS within the day', () => {
    expect(parseClock('07:30')).toBe(27_000);
    expect(parseClock(' 7:30:15 ')).toBe(27_015);
    expect(parseClock(formatClock(86_400))).toBe(86_400);
    expect(parseClock('00:00:00')).toBe(0);
    for (const bad of ['24:00:01', '25:00', '7:60', '7:30:60', '730', '', 'ab:cd', '-1:00']) expect(parseClock(bad)).toBeNull();
  });
});
