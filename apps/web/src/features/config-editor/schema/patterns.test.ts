import { describe, expect, test } from 'vitest';
import { checkPattern, PATTERNS, type PatternName } from './patterns.ts';

/** Spec 1 §5.1, per pattern: values that pass and values that do not (empty passes unless required). */
const CASES: Record<PatternName, { accepts: string[]; rejects: string[] }> = {
  time: {
    accepts: ['', '08:00', '08:00:00', '30:00:00', '100:59:59', '0', '3600', '3600.5', ' 07:30 ', 'undefined'],
    rejects: ['8h', '08:60', '08:00:60', '08:0', '-01:00:00', '08:00:00:00', 'abc', '1e3'],
  },
  requiredTime: { accepts: ['12:00:00', '12:00', '43200'], rejects: ['', '  ', '12h', '12:5'] },
  nonNegativeInteger: { accepts: ['', '0', '10', '1000'], rejects: ['-1', '1.5', '1e3', 'ten', '+'] },
  threadsOrNull: { accepts: ['', '0', '4', 'null'], rejects: ['-1', 'none', 'NULL', '2.0'] },
  iterationOrNever: { accepts: ['', '0', '250', '-1'], rejects: ['-2', '1.0', 'never'] },
  fraction: { accepts: ['', '0', '0.0', '0.5', '.25', '1', '1.0', '1.000'], rejects: ['1.5', '2', '-0.1', 'Infinity', '.', 'half'] },
  fractionOrInfinity: { accepts: ['', '0.8', '1.0', 'Infinity'], rejects: ['1.01', '-Infinity', 'inf'] },
  nonNegativeFloat: { accepts: ['', '0', '1', '0.9', '1.3', '1800.0', '.5', '1.0E-4', '+2', 'null'], rejects: ['-1', '-0.1', 'abc', '1,5', '.'] },
  float: { accepts: ['', '-6.0', '+6', '0', '-0', '1.0E-4', '-.5', 'null'], rejects: ['--1', 'abc', '1,5', '6-'] },
  name: { accepts: ['h', 'car', 'work interaction'], rejects: ['', '   '] },
};

const MESSAGES: Record<string, string> = {
  time: 'time',
  requiredTime: 'time',
  nonNegativeInteger: 'nonNegativeInteger',
  threadsOrNull: 'nonNegativeInteger',
  iterationOrNever: 'iterationOrNever',
  fraction: 'fraction',
  fractionOrInfinity: 'fraction',
  nonNegativeFloat: 'nonNegativeFloat',
  float: 'float',
};

describe('spec 1 §5.1 patterns', () => {
  test('the table covers every pattern', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(PATTERNS).sort());
  });

  for (const [name, { accepts, rejects }] of Object.entries(CASES) as [PatternName, (typeof CASES)[PatternName]][]) {
    test.each(accepts)(`${name} accepts %j`, (value) => {
      expect(checkPattern(name, value)).toEqual({ valid: true });
    });
    test.each(rejects)(`${name} rejects %j with its message`, (value) => {
      const result = checkPattern(name, value);
      expect(result.valid).toBe(false);
      // Names are required without a message (§5.1 "not shown").
      expect(result).toEqual(name === 'name' ? { valid: false } : { valid: false, message: MESSAGES[name] });
    });
  }
});
