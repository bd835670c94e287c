/**
 * Flow bundle: for each selected link S, the stretches in traffic that entered S (a moving segment on S) with t0
 * in the time filter (any time without one), of vehicles the mode filters keep; answer S → (link id → how many of
 * those stretches drove over that link, each stretch counted once per link, S itself included). Only moving
 * segments count as driving over a link: the departure link's stationary segment is where the vehicle waits, at
 * that link's end.
 *
 * Cost: two passes over ALL segments of the run (the caller passes the whole `segments.bin`), with per-vehicle
 * state (8 bytes a vehicle), a map of the marked stretches and one map per S of the links they drove. Stretches are
 * told apart without sorting: a vehicle's segments come in time order, so a per-vehicle stretch counter, advanced
 * as `startsStretch` says, numbers them the same in both passes.
 */
import type { FlowBundleAnswer, VisFilter } from '@corridor/contract';
import type { VehicleDataMeta } from './api.ts';
import { modeMask } from './filters.ts';
import { SEGMENT_WORDS, segmentView, startsStretch, vehicleModeView, type SegmentView } from './segments.ts';

export function flowBundle(
  segments: Uint8Array,
  data: { meta: VehicleDataMeta; vehicleModes: Uint8Array; linkIds: readonly string[]; linkIndex: ReadonlyMap<string, number> },
  request: { ids: string[]; timeFilter?: { from: number; to: number }; filters?: VisFilter[] },
): FlowBundleAnswer {
  const slotOfLink = new Map<number, number>();
  const selected: string[] = [];
  for (const id of request.ids) {
    const index = data.linkIndex.get(id);
    if (index === undefined || slotOfLink.has(index)) continue;
    slotOfLink.set(index, selected.push(id) - 1);
  }
  if (selected.length === 0) return {};
  const mask = modeMask(request.filters, data.meta.modes);
  const modes = vehicleModeView(data.vehicleModes);
  const from = request.timeFilter?.from ?? -Infinity;
  const to = request.timeFilter?.to ?? Infinity;
  const view = segmentView(segments);
  const vehicles = Math.max(data.meta.vehicles, modes.length);

  // Pass 1: the stretches that entered a selected link in the window → their slots.
  const marked = new Map<number, number[]>();
  forEachSegment(view, vehicles, (w, stretch) => {
    const link = view.link[w + 1]!;
    const slot = slotOfLink.get(link);
    if (slot === undefined) return;
    const t0 = view.time[w + 2]!;
    if (t0 < from || t0 > to) return;
    if (mask !== null && mask[modes[view.vehicle[w]!]!] !== 1) return;
    const slots = marked.get(stretch);
    if (slots === undefined) marked.set(stretch, [slot]);
    else if (!slots.includes(slot)) slots.push(slot);
  });

  // Pass 2: the links those stretches drove, once per stretch.
  const counts = selected.map(() => new Map<number, { count: number; last: number }>());
  forEachSegment(view, vehicles, (w, stretch) => {
    const slots = marked.get(stretch);
    const link = view.link[w + 1]!;
    if (slots === undefined || link < 0) return;
    for (const slot of slots) {
      const seen = counts[slot]!.get(link);
      if (seen === undefined) counts[slot]!.set(link, { count: 1, last: stretch });
      else if (seen.last !== stretch) {
        seen.count++;
        seen.last = stretch;
      }
    }
  });

  const answer: FlowBundleAnswer = {};
  selected.forEach((id, slot) => {
    const links: Record<string, number> = {};
    for (const [link, { count }] of counts[slot]!) links[data.linkIds[link]!] = count;
    answer[id] = links;
  });
  return answer;
}

/** Calls `fn(word offset, stretch key)` for each segment in file order; the key is unique per (vehicle, stretch). */
function forEachSegment(view: SegmentView, vehicles: number, fn: (w: number, stretch: number) => void): void {
  const lastT1 = new Float32Array(vehicles).fill(NaN);
  const stretchNo = new Float64Array(vehicles);
  for (let i = 0; i < view.count; i++) {
    const w = i * SEGMENT_WORDS;
    const v = view.vehicle[w]!;
    if (startsStretch(view.link[w + 1]!, view.time[w + 2]!, lastT1[v]!)) stretchNo[v] = stretchNo[v]! + 1;
    lastT1[v] = view.time[w + 3]!;
    fn(w, stretchNo[v]! * vehicles + v);
  }
}
