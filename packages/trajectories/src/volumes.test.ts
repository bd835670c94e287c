import { describe, expect, it } from 'vitest';
import { hoursOverlapping, linkVolumes } from './index.ts';
import { buildInMemory, byTime, carTrip, type TestEvent } from './testing/build.ts';
import { enteredCounts } from './testing/positions.ts';

const LINKS = ['a', 'b', 'c', 'd', 'e', 'f'];

function trips(): TestEvent[] {
  const lists: TestEvent[][] = [];
  for (let v = 0; v < 120; v++) {
    const first = v % 3;
    lists.push(carTrip(`v${v}`, LINKS.slice(first, first + 3), v * 97, 400 + (v % 5) * 100, v % 4 === 0 ? 'bike' : 'car'));
  }
  return byTime(...lists);
}

describe('linkVolumes', () => {
  const events = trips();
  const built = buildInMemory(LINKS, events);
  const modeOf = new Map(built.vehicleIds.map((id, i) => [id, built.meta.modes[new Uint16Array(built.vehicleModes.buffer)[i]!]!]));

  it('counts entered-link events per whole hour overlapping the time filter', () => {
    expect(built.meta.hours).toBe(Math.floor(Math.max(...events.filter((e) => e.type === 'entered link').map((e) => e.time)) / 3600) + 1);
    for (const [from, to] of [[0, 3600], [3600, 7200], [1800, 5400], [7300, 7300], [0, 86_400]] as const) {
      const { first, last } = hoursOverlapping(from, to);
      const expected = enteredCounts(events, first * 3600, (last + 1) * 3600);
      expect(linkVolumes(built.volumes, built.meta, LINKS, { timeFilter: { from, to } }), `${from}–${to}`).toEqual(Object.fromEntries(expected));
    }
    expect(linkVolumes(built.volumes, built.meta, LINKS, {})).toEqual(Object.fromEntries(enteredCounts(events, 0, Infinity)));
    expect(linkVolumes(built.volumes, built.meta, LINKS, { timeFilter: { from: 50_000, to: 60_000 } })).toEqual({});
  });

  it('applies mode filters', () => {
    const bikes = linkVolumes(built.volumes, built.meta, LINKS, { filters: [{ name: 'mode', operator: 'in', value: ['bike'] }] });
    expect(bikes).toEqual(Object.fromEntries(enteredCounts(events, 0, Infinity, (v) => modeOf.get(v) === 'bike')));
    const cars = linkVolumes(built.volumes, built.meta, LINKS, { filters: [{ name: 'mode', operator: '!=', value: 'bike' }] });
    expect(cars).toEqual(Object.fromEntries(enteredCounts(events, 0, Infinity, (v) => modeOf.get(v) === 'car')));
    expect(() => linkVolumes(built.volumes, built.meta, LINKS, { filters: [{ name: 'capacity', operator: '>', value: 3 }] })).toThrow(/only "mode"/);
  });

  it('counts late events in their own hour', () => {
    const late = buildInMemory(LINKS, [
      { type: 'entered link', time: 100, vehicle: 'x', link: 'a' },
      { type: 'entered link', time: 4000, vehicle: 'x', link: 'b' },
      { type: 'entered link', time: 200, vehicle: 'y', link: 'a' },
      { type: 'entered link', time: 300, vehicle: 'y', link: 'c' },
      { type: 'entered link', time: 7300, vehicle: 'x', link: 'b' },
    ]);
    expect(linkVolumes(late.volumes, late.meta, LINKS, { timeFilter: { from: 0, to: 3600 } })).toEqual({ a: 2, c: 1 });
    expect(linkVolumes(late.volumes, late.meta, LINKS, { timeFilter: { from: 3600, to: 10_000 } })).toEqual({ b: 2 });
  });

  it('takes whole hours: an instant is its hour, an edge does not reach into the next hour', () => {
    expect(hoursOverlapping(0, 3600)).toEqual({ first: 0, last: 0 });
    expect(hoursOverlapping(3599, 3601)).toEqual({ first: 0, last: 1 });
    expect(hoursOverlapping(7200, 7200)).toEqual({ first: 2, last: 2 });
  });
});
