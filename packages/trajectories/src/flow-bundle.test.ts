import { describe, expect, it } from 'vitest';
import { flowBundle } from './index.ts';
import { buildInMemory, byTime, carTrip } from './testing/build.ts';

const LINKS = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('flowBundle', () => {
  const events = byTime(
    carTrip('v1', ['a', 'b', 'c', 'd'], 0, 10),
    carTrip('v2', ['e', 'b', 'c', 'f'], 5, 10, 'bike'),
    carTrip('v3', ['a', 'c'], 20, 10),
    // v1 again, through b a second time, in a later stretch; and a loop over b twice in one stretch.
    carTrip('v1', ['d', 'b', 'f'], 500, 10),
    carTrip('v4', ['a', 'b', 'c', 'b', 'e'], 1000, 10),
  );
  const built = buildInMemory(LINKS, events);
  const data = { meta: built.meta, vehicleModes: built.vehicleModes, linkIds: LINKS, linkIndex: new Map(LINKS.map((id, i) => [id, i])) };

  it('counts, for each selected link, the links driven by the stretches that entered it', () => {
    expect(flowBundle(built.segments, data, { ids: ['b', 'nope', 'b'] })).toEqual({
      // Stretches entering b: v1 (b c d), v2 (b c f), v1 later (b f), v4 (b c b e). Departure links are not driven.
      b: { b: 4, c: 3, d: 1, f: 2, e: 1 },
    });
    expect(flowBundle(built.segments, data, { ids: ['c', 'f'] })).toEqual({
      c: { b: 3, c: 4, d: 1, f: 1, e: 1 },
      f: { b: 2, c: 1, f: 2 },
    });
  });

  it('takes the stretches that entered the link in the time filter, of the modes the filters keep', () => {
    expect(flowBundle(built.segments, data, { ids: ['b'], timeFilter: { from: 400, to: 900 } })).toEqual({ b: { b: 1, f: 1 } });
    expect(flowBundle(built.segments, data, { ids: ['b'], filters: [{ name: 'mode', operator: '=', value: 'bike' }] })).toEqual({ b: { b: 1, c: 1, f: 1 } });
    expect(flowBundle(built.segments, data, { ids: ['zz'] })).toEqual({});
  });
});
