/** Test helpers: build vehicle data from an event list in memory and read the segments back as records. */
import { createVehicleDataBuilder } from '../builder.ts';
import type { BuiltVehicleData } from '../api.ts';
import { segmentView } from '../segments.ts';

export type TestEvent = { type: string; time: number; [key: string]: unknown };

export interface BuiltInMemory extends BuiltVehicleData {
  segments: Uint8Array;
}

export function buildInMemory(linkIds: readonly string[], events: readonly TestEvent[], options?: { windowSeconds?: number }): BuiltInMemory {
  const chunks: Uint8Array[] = [];
  const builder = createVehicleDataBuilder({ linkIds }, { segments: (chunk) => chunks.push(chunk.slice()) }, options);
  for (const event of events) builder.event(event);
  const built = builder.finish();
  return { ...built, segments: concat(chunks) };
}

export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

export interface SegmentRecord {
  vehicle: number;
  /** Link index; `stationary` tells the kind. */
  link: number;
  stationary: boolean;
  t0: number;
  t1: number;
}

export function records(bytes: Uint8Array): SegmentRecord[] {
  const view = segmentView(bytes);
  const out: SegmentRecord[] = [];
  for (let i = 0; i < view.count; i++) {
    const word = view.link[4 * i + 1]!;
    out.push({ vehicle: view.vehicle[4 * i]!, link: word < 0 ? ~word : word, stationary: word < 0, t0: view.time[4 * i + 2]!, t1: view.time[4 * i + 3]! });
  }
  return out;
}

/** The events of one car trip over `links` (ids) departing at `start`, `linkSeconds` per link after the first. */
export function carTrip(vehicle: string, links: readonly string[], start: number, linkSeconds: number, networkMode = 'car'): TestEvent[] {
  const events: TestEvent[] = [{ type: 'vehicle enters traffic', time: start, vehicle, link: links[0], networkMode, person: vehicle }];
  let t = start + 1;
  for (let i = 1; i < links.length; i++) {
    events.push({ type: 'left link', time: t, vehicle, link: links[i - 1] });
    events.push({ type: 'entered link', time: t, vehicle, link: links[i] });
    t += linkSeconds;
  }
  events.push({ type: 'vehicle leaves traffic', time: t, vehicle, link: links[links.length - 1], networkMode, person: vehicle });
  return events;
}

/** Events of several sources merged into time order (stable). */
export function byTime(...lists: TestEvent[][]): TestEvent[] {
  return lists.flat().map((e, i) => [e, i] as const).sort((a, b) => a[0].time - b[0].time || a[1] - b[1]).map(([e]) => e);
}
