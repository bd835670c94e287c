/** Small allocation-free containers for the mobsim's hot loop. */

/** A growable FIFO ring of int32 (vehicle indices). */
export class IntQueue {
  private data = new Int32Array(4);
  private head = 0;
  size = 0;

  push(value: number): void {
    if (this.size === this.data.length) this.grow();
    this.data[(this.head + this.size) % this.data.length] = value;
    this.size++;
  }

  peek(): number {
    return this.data[this.head]!;
  }

  shift(): number {
    const value = this.data[this.head]!;
    this.head = (this.head + 1) % this.data.length;
    this.size--;
    return value;
  }

  private grow(): void {
    const next = new Int32Array(this.data.length * 2);
    for (let i = 0; i < this.size; i++) next[i] = this.data[(this.head + i) % this.data.length]!;
    this.data = next;
    this.head = 0;
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
