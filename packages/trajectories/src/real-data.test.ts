// The whole pipeline on real MATSim output (../shared/data/output-newwest-2024: 450 cars on a 72k-link OSM network,
// 377,638 events): positions from the trajectories answer against positions interpolated from the link events by
// the test's own oracle, and link volumes against counts of the entered-link events.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachEvent, streamNetwork } from '@corridor/matsim';
import { decodeTrajectories, encodeTrajectories, hoursOverlapping, linkVolumes, VEHICLE_EVENT_TYPES, windowRange, type LinkGeometry } from './index.ts';
import { buildInMemory, type BuiltInMemory, type TestEvent } from './testing/build.ts';
import { positionAt } from './testing/interpolate.ts';
import { EventPositions, enteredCounts } from './testing/positions.ts';

const DIR = fileURLToPath(new URL('../../../../shared/data/output-newwest-2024/', import.meta.url));
const LINK_EVENTS: readonly string[] = VEHICLE_EVENT_TYPES;

let linkIds: string[];
let geometry: LinkGeometry;
let events: TestEvent[];
let totalEvents = 0;
let built: BuiltInMemory;
let oracle: EventPositions;

beforeAll(async () => {
  const nodes = new Map<string, [number, number]>();
  const links: { id: string; from: string; to: string; length: number; freespeed: number }[] = [];
  await streamNetwork(`${DIR}output_network.xml.gz`, {
    onNode: (node) => void nodes.set(node.id, [node.x, node.y]),
    onLink: (link) => void links.push(link),
  });
  // Raw EPSG:26910 metres, shifted to the network's corner so Float32 keeps centimetres (the package does not care).
  const x0 = Math.min(...[...nodes.values()].map(([x]) => x));
  const y0 = Math.min(...[...nodes.values()].map(([, y]) => y));
  linkIds = links.map((l) => l.id);
  const coords = new Float64Array(links.length * 4);
  links.forEach((l, i) => {
    const [fx, fy] = nodes.get(l.from)!;
    const [tx, ty] = nodes.get(l.to)!;
    coords.set([fx - x0, fy - y0, tx - x0, ty - y0], 4 * i);
  });
  geometry = { coords, length: Float64Array.from(links, (l) => l.length), freespeed: Float64Array.from(links, (l) => l.freespeed) };
  const byId = new Map(linkIds.map((id, i) => [id, i]));
  const coordsOf = (id: string): [number, number, number, number] => {
    const i = byId.get(id)!;
    return [coords[4 * i]!, coords[4 * i + 1]!, coords[4 * i + 2]!, coords[4 * i + 3]!];
  };

  // Every event goes to the builder; the oracle and the counts only need the link events.
  const all: TestEvent[] = [];
  await forEachEvent(`${DIR}output_events.xml.gz`, (event) => void all.push(event as unknown as TestEvent));
  totalEvents = all.length;
  events = all.filter((e) => LINK_EVENTS.includes(e.type));
  oracle = new EventPositions(coordsOf);
  for (const event of events) oracle.add(event);
  oracle.end(events[events.length - 1]!.time);
  built = buildInMemory(linkIds, all);
}, 120_000);

describe('newwest events', () => {
  it('builds one segment per link interval and one mode', () => {
    expect(totalEvents).toBe(377_638);
    expect(built.meta.totalEvents).toBe(377_638);
    expect(events.filter((e) => e.type === 'entered link')).toHaveLength(185_219);
    expect(built.meta.unknownLinks).toBe(0);
    expect(built.meta.modes).toEqual(['car']);
    expect(built.meta.vehicles).toBe(new Set(events.map((e) => e.vehicle)).size);
    const intervals = oracle.vehicles().reduce((n, v) => n + oracle.spans(v).length, 0);
    expect(built.meta.segments).toBe(intervals);
  });

  it('puts sampled vehicles where their link events put them', () => {
    const { firstEventTime, lastEventTime } = built.meta;
    const vehicles = oracle.vehicles().filter((_, i) => i % 9 === 0);
    let checked = 0;
    for (let from = Math.floor(firstEventTime!); from < lastEventTime!; from += 1800) {
      const to = from + 300;
      const { start, end } = windowRange(built.meta, from, to);
      const answer = decodeTrajectories(
        encodeTrajectories(built.segments.subarray(start, end), { timeFilter: { from, to }, attribute: 'relative-speed' }, { meta: built.meta, vehicleModes: built.vehicleModes, links: geometry }),
      );
      for (const id of vehicles) {
        const index = built.vehicleIds.indexOf(id);
        const times = oracle.spans(id).flatMap(({ t0, t1 }) => [t0, t1, (t0 + t1) / 2, t0 + 0.3 * (t1 - t0)]).filter((t) => t >= from && t <= to);
        for (const t of times) {
          const expected = oracle.at(id, t)!;
          const actual = positionAt(answer, index, t);
          expect(actual, `${id} at ${t}`).not.toBeNull();
          expect(Math.hypot(actual![0] - expected[0], actual![1] - expected[1]), `${id} at ${t}`).toBeLessThan(0.05);
          checked++;
        }
      }
      // Relative speeds are never negative (stationary: 0; NaN only for a zero-length stay).
      for (let i = 0; i < answer.points.length; i += 4) expect(answer.points[i + 3]! >= 0 || Number.isNaN(answer.points[i + 3])).toBe(true);
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('counts link volumes as the entered-link events say', () => {
    for (let hour = 0; hour < built.meta.hours; hour += 2) {
      const expected = enteredCounts(events, hour * 3600, (hour + 1) * 3600);
      const from = hour * 3600 + 600;
      expect(hoursOverlapping(from, from + 900)).toEqual({ first: hour, last: hour });
      expect(linkVolumes(built.volumes, built.meta, linkIds, { timeFilter: { from, to: from + 900 } })).toEqual(Object.fromEntries(expected));
    }
    expect(linkVolumes(built.volumes, built.meta, linkIds, {})).toEqual(Object.fromEntries(enteredCounts(events, 0, Infinity)));
  });
});
