/**
 * The active links of the queue network in the order MATSim's QNetsimEngine steps them, with links that have
 * nothing to do asleep until they do.
 *
 * MATSim keeps one list: links stay in it in the order they became active, links activated between two link
 * phases are appended, and links activated while links are being stepped are appended only after the next
 * phase's list is formed. That order matters: stepping a link can move vehicles into its buffer and so activate
 * its to-node, and the nodes' order decides which random draw each node gets.
 *
 * Here every link in the list has an order key (`seq`) given where MATSim would append it, so the list is always
 * sorted by key. A link that would only be visited to do nothing leaves the list: until a given second (its first
 * vehicle cannot leave before), kept in a bucket of that second, or until `wake` (its buffer blocks it until it
 * empties); it is merged back by its key then — or at once when a vehicle departs on it. The links stepped, and
 * their order, are exactly MATSim's; only the visits that do nothing are gone.
 */
export class ActiveLinks {
  private readonly seq: Float64Array;
  /** The second a sleeping link wakes, −1 when it is not asleep. */
  private readonly sleepUntil: Float64Array;
  private counter = 0;
  /** Links to step in the next phase, by key (kept awake, or activated since the last phase). */
  private awake: number[] = [];
  /** Links activated during a phase: they get their keys when the next phase begins. */
  private pending: number[] = [];
  /** Sleeping links woken by a departure for the next phase. */
  private woken: number[] = [];
  private readonly buckets = new Map<number, number[]>();
  private sleeping = 0;
  /** The phase being stepped: its links by key, and the next one's position. */
  private current: number[] = [];
  private position = 0;
  private currentSeq = -1;
  private locked = false;

  constructor(links: number) {
    this.seq = new Float64Array(links);
    this.sleepUntil = new Float64Array(links).fill(-1);
  }

  get isEmpty(): boolean {
    return this.awake.length === 0 && this.pending.length === 0 && this.woken.length === 0 && this.sleeping === 0;
  }

  /** A link became active. */
  add(link: number): void {
    if (this.locked) {
      this.pending.push(link);
    } else {
      this.seq[link] = this.counter++;
      this.awake.push(link);
    }
  }

  /** A vehicle departs on an active link: if it sleeps, it is stepped where MATSim's list would reach it. */
  wake(link: number): void {
    if (this.sleepUntil[link]! < 0) return;
    this.sleepUntil[link] = -1;
    this.sleeping--;
    const key = this.seq[link]!;
    if (!this.locked || key < this.currentSeq) {
      this.woken.push(link);
      return;
    }
    // Not reached yet in this phase: into the rest of the phase by key.
    const current = this.current;
    let at = this.position;
    while (at < current.length && this.seq[current[at]!]! < key) at++;
    current.splice(at, 0, link);
  }

  /** Starts the link phase of second `now`. */
  begin(now: number): void {
    const woken = this.woken;
    const due = this.buckets.get(now);
    if (due !== undefined) {
      this.buckets.delete(now);
      for (const link of due) {
        if (this.sleepUntil[link] !== now) continue;
        this.sleepUntil[link] = -1;
        this.sleeping--;
        woken.push(link);
      }
    }
    let current = this.awake;
    if (woken.length > 0) {
      const seq = this.seq;
      woken.sort((a, b) => seq[a]! - seq[b]!);
      current = merge(current, woken, seq);
      this.woken = [];
    }
    for (const link of this.pending) {
      this.seq[link] = this.counter++;
      current.push(link);
    }
    this.pending = [];
    this.awake = [];
    this.current = current;
    this.position = 0;
    this.currentSeq = -1;
    this.locked = true;
  }

  /** The next link of the phase, or −1 at its end. */
  next(): number {
    if (this.position === this.current.length) return -1;
    const link = this.current[this.position++]!;
    this.currentSeq = this.seq[link]!;
    return link;
  }

  /**
   * The link stays active: stepped in the next phase, or (wakeAt ≥ 0) asleep until second `wakeAt`, or until
   * `wake` (Infinity).
   */
  keep(link: number, wakeAt: number): void {
    if (wakeAt < 0) {
      this.awake.push(link);
      return;
    }
    this.sleepUntil[link] = wakeAt;
    this.sleeping++;
    if (wakeAt === Infinity) return;
    const bucket = this.buckets.get(wakeAt);
    if (bucket === undefined) this.buckets.set(wakeAt, [link]);
    else bucket.push(link);
  }

  end(): void {
    this.locked = false;
    this.current = [];
  }
}

/** Two lists sorted by key, as one. */
function merge(a: number[], b: number[], seq: Float64Array): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(seq[a[i]!]! <= seq[b[j]!]! ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
