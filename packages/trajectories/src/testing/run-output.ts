/**
 * Test helpers for a whole MATSim output (network + events files): read both with `@corridor/matsim`, build the
 * vehicle data in memory, and set the test's own oracle (`EventPositions`) beside it; then sample positions from
 * trajectories answers and link volumes, and assert they agree with what the events say.
 */
import { expect } from 'vitest';
import { forEachEvent, streamNetwork } from '@corridor/matsim';
import { decodeTrajectories, encodeTrajectories, hoursOverlapping, linkVolumes, VEHICLE_EVENT_TYPES, windowRange, WINDOW_SECONDS } from '../index.ts';
import type { DecodedTrajectories, LinkGeometry } from '../api.ts';
import type { LinkVolumeAnswer } from '@corridor/contract';
import { buildInMemory, type BuiltInMemory, type TestEvent } from './build.ts';
import { positionAt } from './interpolate.ts';
import { EventPositions, enteredCounts } from './positions.ts';

const LINK_EVENTS: readonly string[] = VEHICLE_EVENT_TYPES;

export interface RunOutput {
  linkIds: string[];
  /** Node coordinates shifted to the network's south-west corner, so Float32 keeps centimetres on projected CRSs. */
  geometry: LinkGeometry;
  /** Every event of the file. */
  totalEvents: number;
  /** The link events only (the five vehicle event types), in file order. */
  linkEvents: TestEvent[];
  built: BuiltInMemory;
  oracle: EventPositions;
}

/** Reads a run's output network and events; every event goes to the builder, the oracle gets the link events. */
export async function readRunOutput(networkFile: string, eventsFile: string): Promise<RunOutput> {
  const nodes = new Map<string, [number, number]>();
  const links: { id: string; from: string; to: string; length: number; freespeed: number }[] = [];
  await streamNetwork(networkFile, {
    onNode: (node) => void nodes.set(node.id, [node.x, node.y]),
    onLink: (link) => void links.push(link),
  });
  let x0 = Infinity;
  let y0 = Infinity;
  for (const [x, y] of nodes.values()) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
  }
  const linkIds = links.map((l) => l.id);
  const coords = new Float64Array(links.length * 4);
  links.forEach((l, i) => {
    const [fx, fy] = nodes.get(l.from)!;
    const [tx, ty] = nodes.get(l.to)!;
    coords.set([fx - x0, fy - y0, tx - x0, ty - y0], 4 * i);
  });
  const geometry = { coords, length: Float64Array.from(links, (l) => l.length), freespeed: Float64Array.from(links, (l) => l.freespeed) };
  const byId = new Map(linkIds.map((id, i) => [id, i]));
  const oracle = new EventPositions((id) => {
    const i = byId.get(id)!;
    return [coords[4 * i]!, coords[4 * i + 1]!, coords[4 * i + 2]!, coords[4 * i + 3]!];
  });

  const all: TestEvent[] = [];
  await forEachEvent(eventsFile, (event) => void all.push(event as unknown as TestEvent));
  const linkEvents = all.filter((e) => LINK_EVENTS.includes(e.type));
  for (const event of linkEvents) oracle.add(event);
  if (linkEvents.length > 0) oracle.end(linkEvents[linkEvents.length - 1]!.time);
  return { linkIds, geometry, totalEvents: all.length, linkEvents, built: buildInMemory(linkIds, all), oracle };
}

export interface PositionSample {
  vehicle: string;
  t: number;
  /** Where the oracle puts the vehicle (from its link events). */
  expected: [number, number];
  /** Where the trajectories answer puts it (null: not drawn then). */
  actual: [number, number] | null;
}

export interface SampledWindow {
  from: number;
  to: number;
  answer: DecodedTrajectories;
}

/**
 * Asks trajectories for the windows [from, from + 300] starting at the first event time and every `windowEvery`
 * seconds, and samples each given vehicle inside each window at the start, end, middle and 30 % of every link
 * interval its events give it.
 */
export function samplePositions(run: RunOutput, vehicles: readonly string[], windowEvery: number): { windows: SampledWindow[]; samples: PositionSample[] } {
  const { built, oracle, geometry } = run;
  const { firstEventTime, lastEventTime } = built.meta;
  const windows: SampledWindow[] = [];
  const samples: PositionSample[] = [];
  for (let from = Math.floor(firstEventTime!); from < lastEventTime!; from += windowEvery) {
    const to = from + WINDOW_SECONDS;
    const { start, end } = windowRange(built.meta, from, to);
    const bytes = encodeTrajectories(built.segments.subarray(start, end), { timeFilter: { from, to }, attribute: 'relative-speed' }, { meta: built.meta, vehicleModes: built.vehicleModes, links: geometry });
    const answer = decodeTrajectories(bytes);
    windows.push({ from, to, answer });
    for (const vehicle of vehicles) {
      const index = built.vehicleIds.indexOf(vehicle);
      const times = oracle.spans(vehicle).flatMap(({ t0, t1 }) => [t0, t1, (t0 + t1) / 2, t0 + 0.3 * (t1 - t0)]).filter((t) => t >= from && t <= to);
      for (const t of times) samples.push({ vehicle, t, expected: oracle.at(vehicle, t)!, actual: positionAt(answer, index, t) });
    }
  }
  return { windows, samples };
}

/** Asserts every sample is drawn, within `tolerance` (coordinate units) of where its link events put it. */
export function expectSamplesAtEventPositions(samples: readonly PositionSample[], tolerance = 0.05): void {
  for (const { vehicle, t, expected, actual } of samples) {
    expect(actual, `${vehicle} at ${t}`).not.toBeNull();
    expect(Math.hypot(actual![0] - expected[0], actual![1] - expected[1]), `${vehicle} at ${t}`).toBeLessThan(tolerance);
  }
}

export interface VolumeComparison {
  /** The time filter asked (none: the whole day). */
  timeFilter?: { from: number; to: number };
  /** The hours that filter covers. */
  hours?: { first: number; last: number };
  /** Link id → entered-link events counted by the test over the whole hour(s). */
  expected: Record<string, number>;
  actual: LinkVolumeAnswer;
}

/** Link volumes for a 15-minute filter inside every `hourEvery`-th hour, and without a filter, beside the test's counts. */
export function compareVolumes(run: RunOutput, hourEvery: number): VolumeComparison[] {
  const { built, linkIds, linkEvents } = run;
  const out: VolumeComparison[] = [];
  for (let hour = 0; hour < built.meta.hours; hour += hourEvery) {
    const from = hour * 3600 + 600;
    const timeFilter = { from, to: from + 900 };
    out.push({
      timeFilter,
      hours: hoursOverlapping(timeFilter.from, timeFilter.to),
      expected: Object.fromEntries(enteredCounts(linkEvents, hour * 3600, (hour + 1) * 3600)),
      actual: linkVolumes(built.volumes, built.meta, linkIds, { timeFilter }),
    });
  }
  out.push({ expected: Object.fromEntries(enteredCounts(linkEvents, 0, Infinity)), actual: linkVolumes(built.volumes, built.meta, linkIds, {}) });
  return out;
}

/** Asserts each filter covers just its own hour and each answer equals the test's counts. */
export function expectVolumesAsCounted(comparisons: readonly VolumeComparison[]): void {
  for (const { timeFilter, hours, expected, actual } of comparisons) {
    const hour = timeFilter === undefined ? undefined : Math.floor(timeFilter.from / 3600);
    if (hour !== undefined) expect(hours, `hour ${hour}`).toEqual({ first: hour, last: hour });
    expect(actual, hour === undefined ? 'whole day' : `hour ${hour}`).toEqual(expected);
  }
}
