/**
 * Test oracles computed from the events alone, independently of the package: where a vehicle is at time t
 * (interpolated along the link it entered, or at the end of its departure link while it waits), and how many
 * vehicles entered each link.
 */
import type { TestEvent } from './build.ts';

interface Interval {
  t0: number;
  t1: number;
  link: string;
  waiting: boolean;
}

/** Positions by vehicle id from the events (which must all name known links) and node coordinates per link. */
export class EventPositions {
  private readonly intervals = new Map<string, Interval[]>();
  private readonly open = new Map<string, { t0: number; link: string; waiting: boolean }>();

  constructor(private readonly linkCoords: (link: string) => [number, number, number, number]) {}

  add(event: TestEvent): void {
    const vehicle = event.vehicle as string;
    const link = event.link as string;
    const close = () => {
      const open = this.open.get(vehicle);
      if (open === undefined) return;
      let list = this.intervals.get(vehicle);
      if (list === undefined) this.intervals.set(vehicle, (list = []));
      list.push({ t0: open.t0, t1: event.time, link: open.link, waiting: open.waiting });
      this.open.delete(vehicle);
    };
    switch (event.type) {
      case 'vehicle enters traffic':
        this.open.set(vehicle, { t0: event.time, link, waiting: true });
        break;
      case 'entered link':
        this.open.set(vehicle, { t0: event.time, link, waiting: false });
        break;
      case 'left link':
      case 'vehicle leaves traffic':
      case 'vehicle aborts':
        close();
    }
  }

  /** Ends what is still open at `time`. */
  end(time: number): void {
    for (const vehicle of [...this.open.keys()]) this.add({ type: 'vehicle aborts', time, vehicle });
  }

  vehicles(): string[] {
    return [...this.intervals.keys()];
  }

  /** [t0, t1] of each link interval the vehicle had. */
  spans(vehicle: string): { t0: number; t1: number }[] {
    return this.intervals.get(vehicle) ?? [];
  }

  /** The position at `t`, or null when the vehicle is not in traffic then (the latest interval wins at a shared instant). */
  at(vehicle: string, t: number): [number, number] | null {
    const list = this.intervals.get(vehicle) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const interval = list[i]!;
      if (t < interval.t0 || t > interval.t1) continue;
      const [fx, fy, tx, ty] = this.linkCoords(interval.link);
      if (interval.waiting || interval.t1 === interval.t0) return [tx, ty];
      const f = (t - interval.t0) / (interval.t1 - interval.t0);
      return [fx + (tx - fx) * f, fy + (ty - fy) * f];
    }
    return null;
  }
}

/** Link id → `entered link` events with time in [from, to). */
export function enteredCounts(events: Iterable<TestEvent>, from: number, to: number, keep: (vehicle: string) => boolean = () => true): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of events) {
    if (e.type !== 'entered link' || e.time < from || e.time >= to || !keep(e.vehicle as string)) continue;
    counts.set(e.link as string, (counts.get(e.link as string) ?? 0) + 1);
  }
  return counts;
}
