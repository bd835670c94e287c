/**
 * The bounded loaded-area cache of the editor (issue 27): which node and link ids each loaded area (a viewport's
 * bbox, or one load by id) brought, least recently used first. When more than `maxAreas` areas are kept, or the
 * kept areas hold more than `maxEntities[kind]` distinct entities of a kind, the oldest areas are dropped (never the
 * newest) and `evict` answers the ids no kept area holds any more, unless `keep` says they must stay (an edit touched
 * them, they are selected). Ids kept that way are remembered and answered by a later `evict` once they may go.
 * Pure bookkeeping: the store removes the answered ids from the graph's base.
 */

export interface AreaLimits {
  readonly maxAreas: number;
  /** Most distinct entities per kind the kept areas may hold (kinds not named are not capped). */
  readonly maxEntities: Readonly<Record<string, number>>;
}

/** Ids by entity kind (node, link). */
export type IdsByKind = Readonly<Record<string, readonly string[]>>;

export class LoadedAreas {
  /** key → ids the area brought; Map order is recency (the last is the newest). */
  private readonly areas = new Map<string, IdsByKind>();
  /** kind → id → how many kept areas hold it. */
  private readonly holders = new Map<string, Map<string, number>>();
  /** Ids dropped with their areas but kept because `keep` said so, retried by the next `evict`. */
  private readonly held = new Map<string, Set<string>>();

  constructor(readonly limits: AreaLimits) {}

  get size(): number {
    return this.areas.size;
  }

  /** Distinct ids of the kind the kept areas hold. */
  count(kind: string): number {
    return this.holders.get(kind)?.size ?? 0;
  }

  has(key: string): boolean {
    return this.areas.has(key);
  }

  /** Records what an area brought (a reload of the same area replaces its ids) and makes it the newest. */
  remember(key: string, ids: IdsByKind): void {
    const before = this.areas.get(key);
    if (before) this.forget(key, before);
    const own: Record<string, readonly string[]> = {};
    for (const [kind, list] of Object.entries(ids)) {
      const unique = [...new Set(list)];
      own[kind] = unique;
      let counts = this.holders.get(kind);
      if (!counts) this.holders.set(kind, (counts = new Map()));
      for (const id of unique) {
        counts.set(id, (counts.get(id) ?? 0) + 1);
        this.held.get(kind)?.delete(id);
      }
    }
    this.areas.set(key, own);
  }

  private over(): boolean {
    if (this.areas.size > this.limits.maxAreas) return true;
    return Object.entries(this.limits.maxEntities).some(([kind, max]) => this.count(kind) > max);
  }

  private forget(key: string, ids: IdsByKind): Map<string, string[]> {
    this.areas.delete(key);
    const free = new Map<string, string[]>();
    for (const [kind, list] of Object.entries(ids)) {
      const counts = this.holders.get(kind)!;
      const gone: string[] = [];
      for (const id of list) {
        const left = (counts.get(id) ?? 1) - 1;
        if (left > 0) counts.set(id, left);
        else {
          counts.delete(id);
          gone.push(id);
        }
      }
      free.set(kind, gone);
    }
    return free;
  }

  /**
   * Drops the least recently used areas while over the limits (the newest always stays) and answers, per kind, the
   * ids that may leave the base now: held by no kept area and not kept by `keep`.
   */
  evict(keep: (kind: string, id: string) => boolean): Map<string, string[]> {
    const out = new Map<string, string[]>();
    const consider = (kind: string, id: string) => {
      if (keep(kind, id)) {
        let held = this.held.get(kind);
        if (!held) this.held.set(kind, (held = new Set()));
        held.add(id);
        return;
      }
      this.held.get(kind)?.delete(id);
      let list = out.get(kind);
      if (!list) out.set(kind, (list = []));
      list.push(id);
    };
    // Ids kept last time may go now (the edit was undone and dropped, the selection moved on).
    for (const [kind, held] of this.held) for (const id of [...held]) consider(kind, id);
    while (this.areas.size > 1 && this.over()) {
      const [key, ids] = this.areas.entries().next().value!;
      for (const [kind, gone] of this.forget(key, ids)) for (const id of gone) consider(kind, id);
    }
    return out;
  }
}
