/** Small allocation-free containers for the mobsim's hot loop. */

/**
 * One FIFO list of vehicles per link, as linked lists through one `next` array over all vehicles (a vehicle is in
 * at most one list at a time): heads, tails and sizes are dense typed arrays, so looking at a link's first vehicle
 * touches no per-link object.
 */
export class LinkQueues {
  readonly head: Int32Array;
  readonly size: Int32Array;
  private readonly tail: Int32Array;

  constructor(
    links: number,
    private readonly next: Int32Array,
  ) {
    this.head = new Int32Array(links).fill(-1);
    this.tail = new Int32Array(links).fill(-1);
    this.size = new Int32Array(links);
  }

  push(link: number, vehicle: number): void {
    this.next[vehicle] = -1;
    if (this.size[link]!++ === 0) this.head[link] = vehicle;
    else this.next[this.tail[link]!] = vehicle;
    this.tail[link] = vehicle;
  }

  shift(link: number): number {
    const vehicle = this.head[link]!;
    this.head[link] = this.next[vehicle]!;
    this.size[link]!--;
    return vehicle;
  }
}

/**
 * A binary min-heap of (time, agent) ordered by time, then by `rank` (ties broken per agent). MATSim's activity
 * engine breaks ties in favour of the larger person id (string order), so equal end times leave in that order.
 */
export class TimeHeap {
  private times: number[] = [];
  private agents: number[] = [];

  constructor(private readonly rank: Int32Array) {}

  get size(): number {
    return this.times.length;
  }

  peekTime(): number {
    return this.times.length > 0 ? this.times[0]! : Infinity;
  }

  push(time: number, agent: number): void {
    const times = this.times;
    const agents = this.agents;
    let i = times.length;
    times.push(time);
    agents.push(agent);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(time, agent, times[parent]!, agents[parent]!)) break;
      times[i] = times[parent]!;
      agents[i] = agents[parent]!;
      i = parent;
    }
    times[i] = time;
    agents[i] = agent;
  }

  /** Removes the first entry and returns its agent. */
  pop(): number {
    const times = this.times;
    const agents = this.agents;
    const top = agents[0]!;
    const lastTime = times.pop()!;
    const lastAgent = agents.pop()!;
    const n = times.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.less(times[child + 1]!, agents[child + 1]!, times[child]!, agents[child]!)) child++;
      if (!this.less(times[child]!, agents[child]!, lastTime, lastAgent)) break;
      times[i] = times[child]!;
      agents[i] = agents[child]!;
      i = child;
    }
    times[i] = lastTime;
    agents[i] = lastAgent;
    return top;
  }

  private less(t1: number, a1: number, t2: number, a2: number): boolean {
    return t1 < t2 || (t1 === t2 && this.rank[a1]! < this.rank[a2]!);
  }
}
