import { describe, expect, it } from 'vitest';
import { networkCrsProblem } from './crsProblem.ts';

describe('networkCrsProblem', () => {
  it('passes the server’s problem on', () => {
    const problem = { kind: 'outside' as const, crs: 'EPSG:4326', message: 'm' };
    expect(networkCrsProblem({ centerLat: 0, centerLon: 0, zoom: 3, problem }, 'EPSG:4326')).toBe(problem);
  });

  it('finds metres taken as degrees in an info.json written before the check', () => {
    expect(networkCrsProblem({ centerLat: 4_825_787, centerLon: 592_000, zoom: 3 }, undefined)).toMatchObject({ kind: 'no-crs', crs: null });
    expect(networkCrsProblem({ centerLat: 4_825_787, centerLon: 592_000, zoom: 3 }, 'EPSG:4326')).toMatchObject({ kind: 'outside', crs: 'EPSG:4326' });
  });

  it('has nothing to say about a network on Earth', () => {
    expect(networkCrsProblem({ centerLat: 52.5, centerLon: 13.4, zoom: 10 }, 'EPSG:31468')).toBeNull();
  });
});
