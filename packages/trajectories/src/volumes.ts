/**
 * Link volumes: `entered link` events counted per (hour of the event time, vehicle mode, link).
 *
 * `volumes.bin`, all Uint32 little-endian:
 *   H (hours: hour h = [h·3600, (h+1)·3600), h = 0 … H-1), M (modes, as in meta.modes),
 *   H + 1 entry indices: hour h's entries are [start[h], start[h+1]),
 *   then the entries, 3 words each: link index, mode index, count — sorted by link, then mode, within an hour.
 * Only (hour, link, mode) with a count are stored, so the file grows with the links used per hour, not with the
 * network or the events.
 *
 * Building: events come in time order, so the current hour is counted densely (one Uint32Array per mode over the
 * links, plus the list of touched cells) and compacted when the hour changes; a late event (an hour already
 * compacted) is kept in a small map and merged at the end.
 */
import type { LinkVolumeAnswer, VisFilter } from '@corridor/contract';
import type { VehicleDataMeta } from './api.ts';
import { modeMask } from './filters.ts';
import { alignedBuffer } from './segments.ts';

export const HOUR_SECONDS = 3600;
const MODE_SPAN = 65_536;

/** Counts `entered link` events while the builder runs. */
export class VolumeCounter {
  private hour = -1;
  private readonly dense: Uint32Array[] = [];
  private touched = new Float64Array(1024);
  private touchedCount = 0;
  /** Compacted hours: hour → entries (link, mode, count). */
  private readonly done = new Map<number, Uint32Array>();
  /** Counts of events in hours already compacted: hour → (link·65536 + mode) → count. */
  private readonly late = new Map<number, Map<number, number>>();
  private maxHour = -1;

  constructor(private readonly links: number) {}

  add(time: number, link: number, mode: number): void {
    const hour = Math.max(0, Math.floor(time / HOUR_SECONDS));
    if (hour > this.maxHour) this.maxHour = hour;
    if (hour !== this.hour) {
      if (hour < this.hour || this.done.has(hour)) return this.addLate(hour, link, mode);
      this.compact();
      this.hour = hour;
    }
    let counts = this.dense[mode];
    if (counts === undefined) {
      while (this.dense.length <= mode) this.dense.push(new Uint32Array(0));
      counts = this.dense[mode] = new Uint32Array(this.links);
    }
    const before = counts[link]!;
    counts[link] = before + 1;
    if (before === 0) {
      if (this.touchedCount === this.touched.length) {
        const grown = new Float64Array(this.touched.length * 2);
        grown.set(this.touched);
        this.touched = grown;
      }
      this.touched[this.touchedCount++] = link * MODE_SPAN + mode;
    }
  }

  private addLate(hour: number, link: number, mode: number): void {
    let counts = this.late.get(hour);
    if (counts === undefined) this.late.set(hour, (counts = new Map()));
    const key = link * MODE_SPAN + mode;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  /** Moves the current hour's counts into its compact entries and clears the dense arrays. */
  private compact(): void {
    if (this.hour < 0 || this.touchedCount === 0) return;
    const keys = this.touched.subarray(0, this.touchedCount).sort();
    const entries = new Uint32Array(keys.length * 3);
    for (let i = 0; i < keys.length; i++) {
      const link = Math.floor(keys[i]! / MODE_SPAN);
      const mode = keys[i]! - link * MODE_SPAN;
      const counts = this.dense[mode]!;
      entries[3 * i] = link;
      entries[3 * i + 1] = mode;
      entries[3 * i + 2] = counts[link]!;
      counts[link] = 0;
    }
    this.done.set(this.hour, entries);
    this.touchedCount = 0;
  }

  /** Bytes the counter holds now (dense arrays, touched list, compacted hours). */
  retainedBytes(): number {
    let bytes = this.touched.byteLength;
    for (const counts of this.dense) bytes += counts.byteLength;
    for (const entries of this.done.values()) bytes += entries.byteLength;
    for (const counts of this.late.values()) bytes += counts.size * 40;
    return bytes;
  }

  /** The `volumes.bin` bytes for `modes` modes. */
  finish(modes: number): { bytes: Uint8Array; hours: number } {
    this.compact();
    for (const [hour, counts] of this.late) this.done.set(hour, mergeLate(this.done.get(hour), counts));
    const hours = this.maxHour + 1;
    let total = 0;
    for (const entries of this.done.values()) total += entries.length / 3;
    const words = new Uint32Array(2 + hours + 1 + total * 3);
    words[0] = hours;
    words[1] = modes;
    let at = 0;
    for (let h = 0; h < hours; h++) {
      words[2 + h] = at;
      const entries = this.done.get(h);
      if (entries === undefined) continue;
      words.set(entries, 3 + hours + at * 3);
      at += entries.length / 3;
    }
    words[2 + hours] = at;
    return { bytes: new Uint8Array(words.buffer), hours };
  }
}

function mergeLate(entries: Uint32Array | undefined, late: Map<number, number>): Uint32Array {
  const counts = new Map(late);
  if (entries !== undefined) {
    for (let i = 0; i < entries.length; i += 3) {
      const key = entries[i]! * MODE_SPAN + entries[i + 1]!;
      counts.set(key, (counts.get(key) ?? 0) + entries[i + 2]!);
    }
  }
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const merged = new Uint32Array(keys.length * 3);
  keys.forEach((key, i) => {
    const link = Math.floor(key / MODE_SPAN);
    merged.set([link, key - link * MODE_SPAN, counts.get(key)!], 3 * i);
  });
  return merged;
}

/** The hours [first, last] that overlap [from, to]: whole hours h with h·3600 < to and (h+1)·3600 > from (from = to: its hour). */
export function hoursOverlapping(from: number, to: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(from / HOUR_SECONDS));
  const last = to > from ? Math.ceil(to / HOUR_SECONDS) - 1 : first;
  return { first, last: Math.max(first, last) };
}

/**
 * Link id → vehicles that entered it in the hours overlapping `timeFilter` (all hours without one), of the modes
 * the filters keep; only links with a count.
 */
export function linkVolumes(
  volumes: Uint8Array,
  meta: VehicleDataMeta,
  linkIds: readonly string[],
  request: { timeFilter?: { from: number; to: number }; filters?: VisFilter[] },
): LinkVolumeAnswer {
  const mask = modeMask(request.filters, meta.modes);
  const words = uint32View(volumes);
  const hours = words[0] ?? 0;
  const range = request.timeFilter ? hoursOverlapping(request.timeFilter.from, request.timeFilter.to) : { first: 0, last: hours - 1 };
  const first = Math.min(range.first, hours);
  const last = Math.min(range.last, hours - 1);
  const counts = new Float64Array(linkIds.length);
  const base = 3 + hours;
  const start = words[2 + first] ?? 0;
  const end = last >= first ? words[2 + last + 1]! : start;
  for (let i = start; i < end; i++) {
    const at = base + 3 * i;
    if (mask !== null && mask[words[at + 1]!] === 0) continue;
    const link = words[at]!;
    if (link < counts.length) counts[link] = counts[link]! + words[at + 2]!;
  }
  const answer: LinkVolumeAnswer = {};
  for (let link = 0; link < counts.length; link++) if (counts[link]! > 0) answer[linkIds[link]!] = counts[link]!;
  return answer;
}

function uint32View(bytes: Uint8Array): Uint32Array {
  const { buffer, byteOffset, byteLength } = alignedBuffer(bytes, 4);
  return new Uint32Array(buffer, byteOffset, byteLength >> 2);
}
