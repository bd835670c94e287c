import { describe, expect, it } from 'vitest';
import { defaultTableName, isImportableTableFile } from './table-catalogue.ts';

describe('defaultTableName', () => {
  it('is the base name without extensions; standard tables lose a run id prefix', () => {
    expect(defaultTableName('output_trips.csv.gz')).toBe('output_trips');
    expect(defaultTableName('smoke-run.modestats.csv')).toBe('modestats');
    expect(defaultTableName('berlin-v6.4.output_persons.csv.zst')).toBe('output_persons');
    expect(defaultTableName('ITERS/it.10/10.legHistogram.txt')).toBe('10.legHistogram');
    expect(defaultTableName('counts.comparison.csv')).toBe('counts.comparison');
  });

  it('accepts CSV and tab-separated text files only', () => {
    expect(['a.csv', 'a.csv.gz', 'a.csv.zst', 'scorestats.txt'].every(isImportableTableFile)).toBe(true);
    expect(['network.xml.gz', 'a.csv.bak', 'plans.xml'].some(isImportableTableFile)).toBe(false);
  });
});
