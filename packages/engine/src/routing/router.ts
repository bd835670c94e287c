/**
 * Time-dependent least-cost car routes (A* on a binary heap over typed arrays). A route starts at the end of its
 * start link and ends at the start of its end link, as MATSim's NetworkRoutingModule: the travel time covers the
 * links in between, the distance those plus the end link.
 */
import type { ScoringParams, SimNetwork, TravelTimes } from '../core/types.ts';

export interface CarRoute {
  /** Link indices, start and end link included (a stay on one link lists it once). */
  links: number[];
  travelTime: number;
  distance: number;
}

/** Link cost = travelTime·perSecond + length·perMeter·distanceFactor (matsim-facts §7 ReRoute). */
export interface Disutility {
  perSecond: number;
  perMeter: number;
}

/** MATSim's travel disutility for a mode from the scoring parameters (without the random distance factor). */
export function disutilityFromScoring(scoring: ScoringParams, mode = 'car'): Disutility {
  const params = scoring.modes.get(mode);
  const traveling = params?.marginalUtilityOfTraveling_util_hr ?? -6;
  return {
    perSecond: (-traveling + scoring.performing) / 3600,
    perMeter: -(params?.monetaryDistanceRate ?? 0) * scoring.marginalUtilityOfMoney - (params?.marginalUtilityOfDistance_util_m ?? 0),
  };
}

export class LeastCostRouter {
  private readonly cost: Float64Array;
  private readonly time: Float64Array;
  private readonly via: Int32Array;
  private readonly seen: Int32Array;
  private readonly closed: Int32Array;
  private query = 0;
  private heapNodes = new Int32Array(1024);
  private heapKeys = new Float64Array(1024);
  private heapSize = 0;
  /** Lower bound of cost per metre of beeline, for the A* estimate. */
  private readonly boundPerMeter: number;

  constructor(
    private readonly network: SimNetwork,
    private readonly travelTimes: TravelTimes,
    private readonly disutility: Disutility = { perSecond: 1, perMeter: 0 },
  ) {
    const nodes = network.nodeIds.length;
    this.cost = new Float64Array(nodes);
    this.time = new Float64Array(nodes);
    this.via = new Int32Array(nodes);
    this.seen = new Int32Array(nodes);
    this.closed = new Int32Array(nodes);
    // Links may be shorter than their nodes' beeline, and congestion only slows links down: the bound uses the
    // fastest free speed and the smallest length/beeline ratio, so it never overestimates.
    let maxSpeed = 0;
    let minRatio = 1;
    for (let l = 0; l < network.linkIds.length; l++) {
      if (!network.allowsCar[l]) continue;
      maxSpeed = Math.max(maxSpeed, network.freespeed[l]!);
      const beeline = this.beeline(network.from[l]!, network.to[l]!);
      if (beeline > 0) minRatio = Math.min(minRatio, network.length[l]! / beeline);
    }
    const perMeter = Math.max(0, disutility.perMeter);
    this.boundPerMeter = disutility.perSecond >= 0 && disutility.perMeter >= 0 && maxSpeed > 0 ? minRatio * (disutility.perSecond / maxSpeed + perMeter) : 0;
  }

  /** The least-cost route leaving `fromLink` at `departureTime`; throws when `toLink` cannot be reached. */
  routeCar(fromLink: number, toLink: number, departureTime: number, distanceFactor = 1): CarRoute {
    if (fromLink === toLink) return { links: [fromLink], travelTime: 0, distance: 0 };
    const net = this.network;
    const start = net.to[fromLink]!;
    const target = net.from[toLink]!;
    const query = ++this.query;
    const bound = this.boundPerMeter * Math.min(1, distanceFactor);
    this.heapSize = 0;
    this.seen[start] = query;
    this.cost[start] = 0;
    this.time[start] = departureTime;
    this.via[start] = -1;
    this.push(start, bound * this.beeline(start, target));
    let found = false;
    while (this.heapSize > 0) {
      const node = this.pop();
      if (this.closed[node] === query) continue;
      this.closed[node] = query;
      if (node === target) {
        found = true;
        break;
      }
      const cost = this.cost[node]!;
      const time = this.time[node]!;
      for (let i = net.outStart[node]!; i < net.outStart[node + 1]!; i++) {
        const link = net.outLinks[i]!;
        if (!net.allowsCar[link]) continue;
        const next = net.to[link]!;
        if (this.closed[next] === query) continue;
        const tt = this.travelTimes.linkTravelTime(link, time);
        const linkCost = tt * this.disutility.perSecond + net.length[link]! * this.disutility.perMeter * distanceFactor;
        const total = cost + linkCost;
        if (this.seen[next] === query && this.cost[next]! <= total) continue;
        this.seen[next] = query;
        this.cost[next] = total;
        this.time[next] = time + tt;
        this.via[next] = link;
        this.push(next, total + bound * this.beeline(next, target));
      }
    }
    if (!found) throw new Error(`No car route from link ${net.linkIds[fromLink]} to link ${net.linkIds[toLink]}.`);
    const middle: number[] = [];
    let distance = net.length[toLink]!;
    for (let node = target; this.via[node]! >= 0; node = net.from[this.via[node]!]!) {
      middle.push(this.via[node]!);
      distance += net.length[this.via[node]!]!;
    }
    middle.reverse();
    return { links: [fromLink, ...middle, toLink], travelTime: this.time[target]! - departureTime, distance };
  }

  private beeline(a: number, b: number): number {
    const { x, y } = this.network;
    return Math.hypot(x[a]! - x[b]!, y[a]! - y[b]!);
  }

  private push(node: number, key: number): void {
    if (this.heapSize === this.heapNodes.length) {
      const nodes = new Int32Array(this.heapSize * 2);
      nodes.set(this.heapNodes);
      const keys = new Float64Array(this.heapSize * 2);
      keys.set(this.heapKeys);
      this.heapNodes = nodes;
      this.heapKeys = keys;
    }
    let i = this.heapSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.heapKeys[parent]! <= key) break;
      this.heapNodes[i] = this.heapNodes[parent]!;
      this.heapKeys[i] = this.heapKeys[parent]!;
      i = parent;
    }
    this.heapNodes[i] = node;
    this.heapKeys[i] = key;
  }

  private pop(): number {
    const top = this.heapNodes[0]!;
    const n = --this.heapSize;
    const node = this.heapNodes[n]!;
    const key = this.heapKeys[n]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.heapKeys[child + 1]! < this.heapKeys[child]!) child++;
      if (this.heapKeys[child]! >= key) break;
      this.heapNodes[i] = this.heapNodes[child]!;
      this.heapKeys[i] = this.heapKeys[child]!;
      i = child;
    }
    this.heapNodes[i] = node;
    this.heapKeys[i] = key;
    return top;
  }
}

/**
 * The per-person factor on the distance term of MATSim's RandomizingTimeDistanceTravelDisutility:
 * exp(σ·N(0,1)) normalised by exp(σ²/2) so its mean is 1 (σ = routing.routingRandomness, default 3).
 */
export function lognormalDistanceFactor(sigma: number, random: () => number): number {
  if (sigma === 0) return 1;
  // Box–Muller from two uniform draws of the seeded generator.
  const u = 1 - random();
  const v = random();
  const gaussian = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.exp(sigma * gaussian - (sigma * sigma) / 2);
}
