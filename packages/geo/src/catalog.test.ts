import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { crsCatalog } from './catalog.ts';

describe('crsCatalog', () => {
  it('holds only definitions proj4 constructs and can transform without a grid file', () => {
    const { entries } = crsCatalog();
    expect(entries.length).toBeGreaterThan(7000);
    const failures: string[] = [];
    for (const entry of entries) {
      if (entry.definition === null) continue;
      if (/\+nadgrids=(?!@)/.test(entry.definition)) failures.push(`${entry.code}: needs a grid`);
      try {
        proj4(entry.definition);
      } catch (error) {
        failures.push(`${entry.code}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('has one entry per code', () => {
    const { entries, byCode } = crsCatalog();
    expect(byCode.size).toBe(entries.length);
  });
});
