import { describe, expect, test } from 'vitest';
import { formatJavaDouble, parseMatsimNumber } from './numbers.ts';
import { formatTime, parseTime } from './time.ts';

describe('Java-style numbers', () => {
  test.each([
    [3600, '3600.0'],
    [0.5, '0.5'],
    [1e-4, '1.0E-4'],
    [1e7, '1.0E7'],
    [12345678.9, '1.23456789E7'],
    [-2.5, '-2.5'],
    [0, '0.0'],
    [NaN, 'NaN'],
    [Infinity, 'INF'],
    [-Infinity, '-INF'],
  ])('%d is written %s and reads back', (value, text) => {
    expect(formatJavaDouble(value)).toBe(text);
    expect(parseMatsimNumber(text)).toBe(value);
  });
});

describe('MATSim times', () => {
  test.each([
    ['06:00:00', 21600],
    ['06:30', 23400],
    ['3600', 3600],
    ['25:00:01', 90001],
    ['-00:10:00', -600],
  ])('%s is %d seconds', (text, seconds) => expect(parseTime(text)).toBe(seconds));

  test('undefined and empty values are undefined; junk is NaN', () => {
    expect(parseTime('undefined')).toBeUndefined();
    expect(parseTime('')).toBeUndefined();
    expect(parseTime('7am')).toBeNaN();
  });

  test('formatting truncates fractions and allows hours past 24', () => {
    expect(formatTime(21600.9)).toBe('06:00:00');
    expect(formatTime(90001)).toBe('25:00:01');
    expect(formatTime(-600)).toBe('-00:10:00');
    expect(formatTime(undefined)).toBe('undefined');
  });
});
