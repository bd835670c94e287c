/**
 * Link travel times for the router: free speed, or the averages of one iteration's events per time bin
 * (TravelTimeCalculator with travelTimeGetter=average; free speed where a bin saw no vehicle).
 */
import type { MatsimEvent } from '@corridor/matsim';
import type { SimNetwork, TravelTimes } from '../core/types.ts';

export function freeSpeedTravelTimes(network: SimNetwork, binSize = 900): TravelTimes {
  const { length, freespeed } = network;
  return { binSize, linkTravelTime: (link) => length[link]! / freespeed[link]! };
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

  constructor(
    private readonly network: SimNetwork,
    private readonly binSize = 900,
    maxTime = 108000,
  ) {
    this.bins = Math.floor(maxTime / binSize) + 1;
    this.sum = new Float64Array(this.bins * network.linkIds.length);
    this.count = new Uint32Array(this.bins * network.linkIds.length);
  }

  readonly handle = (event: MatsimEvent): void => {
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

  /**
   * The averages, consolidated as MATSim's TravelTimeCalculator does: a bin is never faster than the bin before
   * minus the bin size (a car entering just after a queued one still waits behind it), so a queue dissolves
   * gradually instead of vanishing at the first bin without entries. Links no vehicle used keep free speed.
   */
  travelTimes(): TravelTimes {
    const { length, freespeed, linkIds } = this.network;
    const links = linkIds.length;
    const perLink = new Map<number, Float64Array>();
    for (let link = 0; link < links; link++) {
      let used = false;
      for (let bin = 0; bin < this.bins && !used; bin++) used = this.count[bin * links + link]! > 0;
      if (!used) continue;
      const free = length[link]! / freespeed[link]!;
      const times = new Float64Array(this.bins);
      let previous = Infinity;
      for (let bin = 0; bin < this.bins; bin++) {
        const cell = bin * links + link;
        const n = this.count[cell]!;
        const measured = n > 0 ? this.sum[cell]! / n : free;
        times[bin] = bin === 0 ? measured : Math.max(measured, previous - this.binSize);
        previous = times[bin]!;
      }
      perLink.set(link, times);
    }
    return {
      binSize: this.binSize,
      linkTravelTime: (link, time) => {
        const times = perLink.get(link);
        return times === undefined ? length[link]! / freespeed[link]! : times[this.bin(time)]!;
      },
    };
  }

  private bin(time: number): number {
    return Math.min(Math.max(0, Math.floor(time / this.binSize)), this.bins - 1);
  }
}
