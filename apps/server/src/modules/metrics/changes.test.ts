import { describe, expect, it } from 'vitest';
import { StoredValues, UNCHANGED_STORE_MS } from './changes.ts';
import type { SeriesSample } from './series.ts';

const sample = (identity: string, value: number): SeriesSample => ({ name: identity, tags: [], identity, value });
const at = (ms: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + ms);

describe('StoredValues', () => {
  it('stores a new meter, then only changes, and an unchanged value again once the last row is old enough', () => {
    const stored = new StoredValues();
    const keep = (series: SeriesSample[], ms: number) => {
      const due = stored.due(series, at(ms));
      stored.stored(due, at(ms));
      return due.map((s) => `${s.identity}=${s.value}`);
    };
    expect(keep([sample('a', 1), sample('b', 5)], 0)).toEqual(['a=1', 'b=5']);
    expect(keep([sample('a', 1), sample('b', 5)], 60_000)).toEqual([]);
    expect(keep([sample('a', 2), sample('b', 5), sample('c', 0)], 120_000)).toEqual(['a=2', 'c=0']);
    expect(keep([sample('a', 2), sample('b', 5), sample('c', 0)], UNCHANGED_STORE_MS - 1)).toEqual([]);
    expect(keep([sample('a', 2), sample('b', 5), sample('c', 0)], UNCHANGED_STORE_MS)).toEqual(['b=5']);
  });

  it('offers a value again when it was not stored', () => {
    const stored = new StoredValues();
    expect(stored.due([sample('a', 1)], at(0))).toHaveLength(1);
    expect(stored.due([sample('a', 1)], at(60_000))).toHaveLength(1);
  });
});
