import { describe, expect, it } from 'vitest';
import { detectSeparator, headerCells } from './separator.ts';

describe('detectSeparator', () => {
  it('finds MATSim semicolons', () => {
    expect(detectSeparator('person;trip_number;trip_id;dep_time;trav_time;traveled_distance;main_mode')).toBe(';');
    expect(detectSeparator('iteration;avg_executed;avg_worst;avg_average;avg_best')).toBe(';');
  });

  it('finds tabs of the older statistics', () => {
    expect(detectSeparator('ITERATION\tavg. EXECUTED\tavg. WORST\tavg. AVG\tavg. BEST')).toBe('\t');
  });

  it('finds commas', () => {
    expect(detectSeparator('a,b,c')).toBe(',');
  });

  it('ignores separators inside double quotes', () => {
    expect(detectSeparator('"a;b;c","d;e",f')).toBe(',');
    expect(detectSeparator('"x, y, z";w')).toBe(';');
  });

  it('prefers ; then tab on a tie, and , for a single column', () => {
    expect(detectSeparator('a;b,c')).toBe(';');
    expect(detectSeparator('a\tb,c')).toBe('\t');
    expect(detectSeparator('value')).toBe(',');
    expect(detectSeparator('')).toBe(',');
  });
});

describe('headerCells', () => {
  it('splits outside quotes and unquotes', () => {
    expect(headerCells('a;"b;c";"d""e"', ';')).toEqual(['a', 'b;c', 'd"e']);
    expect(headerCells('iteration\tcar', '\t')).toEqual(['iteration', 'car']);
    expect(headerCells('x', ',')).toEqual(['x']);
  });
});
