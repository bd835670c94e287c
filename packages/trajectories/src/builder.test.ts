import { describe, expect, it } from 'vitest';
import { SEGMENT_BYTES } from './api.ts';
import { buildInMemory, byTime, carTrip, records } from './testing/build.ts';
import { vehicleModeView } from './segments.ts';
import { createVehicleDataBuilder } from './builder.ts';
import { decodeTrajectories, encodeTrajectories, linkVolumes, windowRange } from './index.ts';

const LINKS = ['a', 'b', 'c', 'd'];

describe('createVehicleDataBuilder', () => {
  it('starts a stretch with a stationary segment at the departure link, then one moving segment per link', () => {
    const built = buildInMemory(LINKS, [
      { type: 'actend', time: 90, person: 'p', link: 'a' },
      ...carTrip('v1', ['a', 'b', 'c'], 100, 10),
    ]);
    expect(records(built.segments)).toEqual([
      { vehicle: 0, link: 0, stationary: true, t0: 100, t1: 101 },
      { vehicle: 0, link: 1, stationary: false, t0: 101, t1: 111 },
      { vehicle: 0, link: 2, stationary: false, t0: 111, t1: 121 },
    ]);
    expect(built.meta).toMatchObject({ segments: 3, vehicles: 1, modes: ['car'], totalEvents: 7, firstEventTime: 90, lastEventTime: 121, unknownLinks: 0, hours: 1 });
    expect(built.vehicleIds).toEqual(['v1']);
    expect([...vehicleModeView(built.vehicleModes)]).toEqual([0]);
  });

  it('makes a same-link trip one stationary segment', () => {
    const built = buildInMemory(LINKS, [
      { type: 'vehicle enters traffic', time: 50, vehicle: 'v', link: 'b', networkMode: 'bike' },
      { type: 'vehicle leaves traffic', time: 50, vehicle: 'v', link: 'b', networkMode: 'bike' },
    ]);
    expect(records(built.segments)).toEqual([{ vehicle: 0, link: 1, stationary: true, t0: 50, t1: 50 }]);
    expect(built.meta.modes).toEqual(['bike']);
  });

  it('ends a stretch at vehicle aborts, and open stretches at the last event time', () => {
    const built = buildInMemory(LINKS, [
      { type: 'vehicle enters traffic', time: 10, vehicle: 'x', link: 'a', networkMode: 'car' },
      { type: 'vehicle enters traffic', time: 12, vehicle: 'y', link: 'c', networkMode: 'truck' },
      { type: 'left link', time: 15, vehicle: 'x', link: 'a' },
      { type: 'entered link', time: 15, vehicle: 'x', link: 'b' },
      { type: 'vehicle aborts', time: 40, vehicle: 'x', link: 'b' },
      { type: 'left link', time: 41, vehicle: 'x', link: 'b' },
      { type: 'actstart', time: 60, person: 'z', link: 'a' },
    ]);
    expect(records(built.segments)).toEqual([
      { vehicle: 0, link: 0, stationary: true, t0: 10, t1: 15 },
      { vehicle: 0, link: 1, stationary: false, t0: 15, t1: 40 },
      // y never left its departure link: it waits there until the end of the events.
      { vehicle: 1, link: 2, stationary: true, t0: 12, t1: 60 },
    ]);
    expect(built.meta.modes).toEqual(['car', 'truck']);
  });

  it('skips and counts events on links the network does not have; a vehicle without a mode is "unknown"', () => {
    const built = buildInMemory(LINKS, [
      { type: 'entered link', time: 5, vehicle: 'ghost', link: 'a' },
      { type: 'vehicle enters traffic', time: 10, vehicle: 'v', link: 'zz', networkMode: 'car' },
      { type: 'left link', time: 11, vehicle: 'v', link: 'zz' },
      { type: 'entered link', time: 11, vehicle: 'v', link: 'a' },
      { type: 'left link', time: 20, vehicle: 'v', link: 'a' },
      { type: 'entered link', time: 20, vehicle: 'v', link: 'qq' },
      { type: 'left link', time: 30, vehicle: 'v', link: 'qq' },
      { type: 'entered link', time: 30, vehicle: 'v', link: 'b' },
      { type: 'vehicle leaves traffic', time: 40, vehicle: 'v', link: 'b' },
    ]);
    expect(built.meta.unknownLinks).toBe(4);
    expect(built.vehicleIds).toEqual(['ghost', 'v']);
    expect(records(built.segments)).toEqual([
      { vehicle: 1, link: 0, stationary: false, t0: 11, t1: 20 },
      { vehicle: 1, link: 1, stationary: false, t0: 30, t1: 40 },
      { vehicle: 0, link: 0, stationary: false, t0: 5, t1: 40 },
    ]);
    // The mode of v comes from its enters-traffic event even though that named an unknown link.
    expect(built.meta.modes).toEqual(['unknown', 'car']);
    expect([...vehicleModeView(built.vehicleModes)]).toEqual([0, 1]);
  });

  it('puts the segments of late events into the current window, keeping the windows contiguous and bounded', () => {
    const built = buildInMemory(LINKS, [
      { type: 'vehicle enters traffic', time: 100, vehicle: 'v', link: 'a', networkMode: 'car' },
      { type: 'left link', time: 700, vehicle: 'v', link: 'a' },
      { type: 'entered link', time: 700, vehicle: 'v', link: 'b' },
      { type: 'vehicle enters traffic', time: 200, vehicle: 'w', link: 'c', networkMode: 'car' },
      { type: 'vehicle leaves traffic', time: 250, vehicle: 'w', link: 'c' },
      { type: 'vehicle leaves traffic', time: 900, vehicle: 'v', link: 'b' },
    ], { windowSeconds: 300 });
    const { windows } = built.meta;
    expect(windows.map((w) => w.count)).toEqual([0, 0, 2, 1]);
    expect(windows[2]).toEqual({ offset: 0, count: 2, minT0: 100, maxT1: 700 });
    expect(windows[3]).toEqual({ offset: 2 * SEGMENT_BYTES, count: 1, minT0: 700, maxT1: 900 });
    expect(windows[0]).toMatchObject({ offset: 0, count: 0 });
    expect(records(built.segments)[1]).toEqual({ vehicle: 1, link: 2, stationary: true, t0: 200, t1: 250 });
  });

  it('builds empty data from events without vehicles, and answers empty queries on it', () => {
    const built = buildInMemory(LINKS, [{ type: 'actend', time: 5, person: 'p', link: 'a' }]);
    expect(built.meta).toMatchObject({ segments: 0, vehicles: 0, windows: [], modes: [], totalEvents: 1, hours: 0 });
    expect(built.segments.byteLength).toBe(0);
    expect(windowRange(built.meta, 0, 300)).toEqual({ start: 0, end: 0 });
    expect(linkVolumes(built.volumes, built.meta, LINKS, { timeFilter: { from: 0, to: 3600 } })).toEqual({});
    const links = { coords: new Float64Array(16), length: new Float64Array(4), freespeed: new Float64Array(4) };
    const answer = encodeTrajectories(built.segments, { timeFilter: { from: 0, to: 300 } }, { meta: built.meta, vehicleModes: built.vehicleModes, links });
    expect(decodeTrajectories(answer)).toMatchObject({ paths: 0, points: new Float32Array(0) });
  });

  it('streams segments in chunks while it runs, not at the end', () => {
    const trips = byTime(...Array.from({ length: 3000 }, (_, i) => carTrip(`v${i}`, LINKS, i, 5)));
    const chunkSizes: number[] = [];
    const builder = createVehicleDataBuilder({ linkIds: LINKS }, { segments: (chunk) => chunkSizes.push(chunk.byteLength) });
    for (const event of trips.slice(0, trips.length / 2)) builder.event(event);
    expect(chunkSizes.length).toBeGreaterThan(0);
    for (const event of trips.slice(trips.length / 2)) builder.event(event);
    const built = builder.finish();
    expect(built.meta.segments).toBe(3000 * 4);
    expect(chunkSizes.reduce((a, b) => a + b, 0)).toBe(3000 * 4 * SEGMENT_BYTES);
  });
});
