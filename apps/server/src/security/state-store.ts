/**
 * Where the sign-in and mail limiters keep their counts. In memory for a single process (unit tests); in the
 * database when several server processes answer requests (cluster/db-state-store.ts, issue 30), so a guesser
 * meets the same counts whichever server his request reaches. `update` runs one decision with nobody else changing
 * those keys meanwhile: parallel attempts cannot all slip through before the first one is counted.
 */

export interface StateView {
  get<V>(key: string): V | undefined;
  /** Kept for `ttlMs` from now (then forgotten). */
  set(key: string, value: unknown, ttlMs: number): void;
  delete(key: string): void;
}

export interface StateStore {
  update<T>(keys: readonly string[], change: (state: StateView) => T): Promise<T>;
}

/** Bounds memory when someone sprays random usernames or addresses; the least recently used keys go first. */
export const MAX_KEYS = 50_000;

export class MemoryStateStore implements StateStore {
  private readonly map = new Map<string, { value: unknown; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async update<T>(keys: readonly string[], change: (state: StateView) => T): Promise<T> {
    const now = this.now();
    const view: StateView = {
      get: <V>(key: string) => {
        const entry = this.map.get(key);
        return entry && entry.expires > now ? (entry.value as V) : undefined;
      },
      set: (key, value, ttlMs) => {
        this.map.delete(key);
        this.map.set(key, { value, expires: now + ttlMs });
        for (const oldest of this.map.keys()) {
          if (this.map.size <= MAX_KEYS) break;
          this.map.delete(oldest);
        }
      },
      delete: (key) => void this.map.delete(key),
    };
    void keys;
    return change(view);
  }
}
