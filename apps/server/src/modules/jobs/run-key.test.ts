import { describe, expect, it } from 'vitest';
import { runKeyBase } from './run-key.ts';

describe('run keys from MATSim run ids', () => {
  it('makes a lower-case slug of letters, digits and "-"', () => {
    expect(runKeyBase('equil_1')).toBe('equil-1');
    expect(runKeyBase('Berlin_v6.4__10pct')).toBe('berlin-v6-4-10pct');
    expect(runKeyBase('_Straße über_')).toBe('strasse-uber');
    expect(runKeyBase('___')).toBe('run');
    expect(runKeyBase('x'.repeat(300))).toHaveLength(90);
  });
});
