import type { TransitStop } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { stopGroups } from './stopGroups.ts';

const stop = (id: string, lng: number, lat: number, name = ''): TransitStop => ({ id, name, coordinates: [lng, lat], isBlocking: false });

describe('stop groups (spec 2 §4)', () => {
  it('merges stops within one metre and keeps stops a few metres apart separate', () => {
    // 0.000003° of latitude is about 0.33 m; 0.0001° about 11 m.
    const groups = stopGroups([stop('a', 13.4, 52.5, 'Alexanderplatz'), stop('b', 13.4, 52.500003), stop('c', 13.4, 52.5001)]);
    expect(groups.map((group) => group.stops)).toEqual([['a', 'b'], ['c']]);
    expect(groups[0]).toMatchObject({ id: 'a', name: 'Alexanderplatz', position: [13.4, 52.5] });
    expect(groups[1]!.name).toBe('c');
  });

  it('gives every stop a group of its own when none share a place', () => {
    expect(stopGroups([stop('x', 0, 0), stop('y', 1, 1), stop('z', -1, -1)])).toHaveLength(3);
  });
});
