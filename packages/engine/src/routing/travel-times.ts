/**
 * Link travel times for the router: free speed, or the averages of one iteration's events per time bin
 * (TravelTimeCalculator with travelTimeGetter=average; free speed where a bin saw no vehicle).
 */
import type { MatsimEvent } from '@corridor/matsim';
import type { SimNetwork, TravelTimeData, TravelTimes } from '../core/types.ts';

export function freeSpeedTravelTimes(network: SimNetwork, binSize = 900): TravelTimes {
  return travelTimesFromData(network, { binSize, bins: 1, offsets: new Int32Array(network.linkIds.length).fill(-1), values: new Float64Array(0) });
}

/** The lookup over travel time data (as made here, or sent to a worker thread). */
export function travelTimesFromData(network: SimNetwork, data: TravelTimeData): TravelTimes {
  const { length, freespeed } = network;
  const { binSize, bins, offsets, values } = data;
  return {
    binSize,
    data,
    linkTravelTime: (link, time) => {
      const offset = offsets[link]!;
      if (offset < 0) return length[link]! / freespeed[link]!;
      return values[offset + binOf(time, binSize, bins)]!;
    },
  };
}

/**
 * Feed it every event (`collector.handle` is an EventSink). A traversal counts from `entered link` to `left link`
 * in the bin of its entry time; a departure link (no `entered link`) and the arrival link (left by `vehicle leaves
 * traffic`) are not traversals, as in MATSim.
 */
export class TravelTimeCollector {
  private readonly bins: number;
  private readonly sum: Float64Array;
  private readonly count: Uint32Array;
  private readonly entered = new Map<string, { link: number; time: number }>();
  /** The same by vehicle index, for the mobsim's events (link + 1, 0 for none; entry time). */
  private enteredLink = new Int32Array(0);
  private enteredAt = new Float64Array(0);

  constructor(
    private readonly network: SimNetwork,
    private readonly binSize = 900,
    maxTime = 108000,
  ) {
    this.bins = Math.floor(maxTime / binSize) + 1;
    this.sum = new Float64Array(this.bins * network.linkIds.length);
    this.count = new Uint32Array(this.bins * network.linkIds.length);
  }

  readonly handle = (event: MatsimEvent, vehicle?: number, link?: number): void => {
    if (typeof vehicle === 'number' && typeof link === 'number') {
      this.handleIndexed(event.type, event.time, vehicle, link);
      return;
    }
    switch (event.type) {
      case 'entered link': {
        const { link, vehicle } = event as { link: string; vehicle: string };
        const index = this.network.linkIndex.get(link);
        if (index !== undefined) this.entered.set(vehicle, { link: index, time: event.time });
        break;
      }
      case 'left link': {
        const { vehicle } = event as { vehicle: string };
        const entry = this.entered.get(vehicle);
        if (entry === undefined) break;
        const cell = this.bin(entry.time) * this.network.linkIds.length + entry.link;
        this.sum[cell]! += event.time - entry.time;
        this.count[cell]!++;
        this.entered.delete(vehicle);
        break;
      }
      case 'vehicle leaves traffic':
      case 'vehicle aborts':
        this.entered.delete((event as { vehicle: string }).vehicle);
        break;
    }
  };

  private handleIndexed(type: string, time: number, vehicle: number, link: number): void {
    switch (type) {
      case 'entered link':
        if (vehicle >= this.enteredLink.length) this.grow(vehicle);
        this.enteredLink[vehicle] = link + 1;
        this.enteredAt[vehicle] = time;
        break;
      case 'left link': {
        const entered = vehicle < this.enteredLink.length ? this.enteredLink[vehicle]! - 1 : -1;
        if (entered < 0) break;
        const at = this.enteredAt[vehicle]!;
        const cell = this.bin(at) * this.network.linkIds.length + entered;
        this.sum[cell]! += time - at;
        this.count[cell]!++;
        this.enteredLink[vehicle] = 0;
        break;
      }
      case 'vehicle leaves traffic':
      case 'vehicle aborts':
        if (vehicle < this.enteredLink.length) this.enteredLink[vehicle] = 0;
        break;
    }
  }

  private grow(vehicle: number): void {
    const size = Math.max(1024, vehicle + 1, this.enteredLink.length * 2);
    const links = new Int32Array(size);
    links.set(this.enteredLink);
    const times = new Float64Array(size);
    times.set(this.enteredAt);
    this.enteredLink = links;
    this.enteredAt = times;
  }

  /**
   * The averages, consolidated as MATSim's TravelTimeCalculator does: a bin is never faster than the bin before
   * minus the bin size (a car entering just after a queued one still waits behind it), so a queue dissolves
   * gradually instead of vanishing at the first bin without entries. Links no vehicle used keep free speed.
   */
  travelTimes(): TravelTimes {
    const { length, freespeed, linkIds } = this.network;
    const links = linkIds.length;
    const offsets = new Int32Array(links).fill(-1);
    let used = 0;
    for (let link = 0; link < links; link++) {
      for (let bin = 0; bin < this.bins; bin++) {
        if (this.count[bin * links + link]! > 0) {
          offsets[link] = used++ * this.bins;
          break;
        }
      }
    }
    const values = new Float64Array(used * this.bins);
    for (let link = 0; link < links; link++) {
      const offset = offsets[link]!;
      if (offset < 0) continue;
      const free = length[link]! / freespeed[link]!;
      let previous = Infinity;
      for (let bin = 0; bin < this.bins; bin++) {
        const cell = bin * links + link;
        const n = this.count[cell]!;
        const measured = n > 0 ? this.sum[cell]! / n : free;
        const time = bin === 0 ? measured : Math.max(measured, previous - this.binSize);
        values[offset + bin] = time;
        previous = time;
      }
    }
    return travelTimesFromData(this.network, { binSize: this.binSize, bins: this.bins, offsets, values });
  }

  private bin(time: number): number {
    return binOf(time, this.binSize, this.bins);
  }
}

/** The time bin of `time`: times before 0 in the first, times past the last bin in the last. */
function binOf(time: number, binSize: number, bins: number): number {
  return Math.min(Math.max(0, Math.floor(time / binSize)), bins - 1);
}
