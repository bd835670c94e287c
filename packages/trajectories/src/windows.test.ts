import { describe, expect, it } from 'vitest';
import { SEGMENT_BYTES, windowRange } from './index.ts';
import { buildInMemory, records, type TestEvent } from './testing/build.ts';

const LINKS = ['a', 'b', 'c'];

/** Random vehicles moving a→b→c with random durations, a few events out of order, a few very long waits. */
function randomEvents(seed: number): TestEvent[] {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const events: TestEvent[] = [];
  for (let v = 0; v < 300; v++) {
    let t = Math.floor(random() * 5000);
    events.push({ type: 'vehicle enters traffic', time: t, vehicle: `v${v}`, link: 'a', networkMode: 'car' });
    t += random() < 0.05 ? 3000 : Math.floor(random() * 100);
    events.push({ type: 'left link', time: t, vehicle: `v${v}`, link: 'a' }, { type: 'entered link', time: t, vehicle: `v${v}`, link: 'b' });
    t += Math.floor(random() * 400);
    events.push({ type: 'vehicle leaves traffic', time: t, vehicle: `v${v}`, link: 'b' });
  }
  const sorted = events.sort((x, y) => x.time - y.time);
  // Swap a few neighbours far apart in time: out-of-order events.
  for (let k = 0; k < 10; k++) {
    const i = Math.floor(random() * (sorted.length - 40));
    [sorted[i], sorted[i + 30]] = [sorted[i + 30]!, sorted[i]!];
  }
  return sorted;
}

describe('windowRange', () => {
  it('holds every segment overlapping the asked time, whatever the order of events', () => {
    const built = buildInMemory(LINKS, randomEvents(7));
    const all = records(built.segments);
    expect(built.meta.windows.reduce((n, w) => n + w.count, 0)).toBe(all.length);
    for (let from = 0; from < 9000; from += 173) {
      const to = from + 300;
      const { start, end } = windowRange(built.meta, from, to);
      expect(start % SEGMENT_BYTES).toBe(0);
      expect(end).toBeGreaterThanOrEqual(start);
      const inRange = new Set(all.slice(start / SEGMENT_BYTES, end / SEGMENT_BYTES));
      for (const segment of all) {
        if (segment.t0 <= to && segment.t1 >= from) expect(inRange.has(segment), `${JSON.stringify(segment)} in ${from}–${to}`).toBe(true);
      }
    }
  });

  it('reads the one or two windows the time touches, not the file, for a run without long waits', () => {
    const events: TestEvent[] = [];
    for (let t = 0; t < 3600; t += 10) {
      events.push({ type: 'vehicle enters traffic', time: t, vehicle: `v${t}`, link: 'a', networkMode: 'car' });
      events.push({ type: 'vehicle leaves traffic', time: t + 5, vehicle: `v${t}`, link: 'a' });
    }
    const built = buildInMemory(LINKS, events.sort((x, y) => x.time - y.time));
    const { start, end } = windowRange(built.meta, 1200, 1500);
    // 30 segments per window; [1200, 1500] touches windows 4 and 5 (a segment from 1495 on ends in window 5).
    expect((end - start) / SEGMENT_BYTES).toBe(60);
    expect(windowRange(built.meta, 1210, 1290)).toEqual({ start: 4 * 30 * SEGMENT_BYTES, end: 5 * 30 * SEGMENT_BYTES });
    expect(windowRange(built.meta, 10_000, 10_300)).toEqual({ start: 0, end: 0 });
  });
});
