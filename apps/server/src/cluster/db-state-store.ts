/**
 * The limiters' counts in the database (`limiter_state`, issue 30): every server process sees the same sign-in and
 * forgot-password counts. One update is one transaction: the keys are locked (`pg_advisory_xact_lock` on their
 * hashes, in a fixed order), read, changed and written, so two servers deciding on the same pair wait for each
 * other. Rows carry their expiry (the limiter's own clock); expired rows are deleted now and then.
 */
import { and, gt, inArray, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { limiterState } from '../db/schema.ts';
import type { StateStore, StateView } from '../security/state-store.ts';

/** One update in this many also sweeps expired rows. */
const SWEEP_EVERY = 200;

export class DbStateStore implements StateStore {
  private updates = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async update<T>(keys: readonly string[], change: (state: StateView) => T): Promise<T> {
    const now = this.now();
    const sorted = [...new Set(keys)].sort();
    const result = await this.db.transaction(async (tx) => {
      for (const key of sorted) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`limiter ${key}`}, 0))`);
      const rows = await tx
        .select({ key: limiterState.key, value: limiterState.value })
        .from(limiterState)
        .where(and(inArray(limiterState.key, sorted), gt(limiterState.expires, new Date(now))));
      const values = new Map<string, unknown>(rows.map((row) => [row.key, row.value]));
      const writes = new Map<string, { value: unknown; ttlMs: number } | null>();
      const answer = change({
        get: <V>(key: string) => values.get(key) as V | undefined,
        set: (key, value, ttlMs) => void writes.set(key, { value, ttlMs }),
        delete: (key) => void writes.set(key, null),
      });
      for (const [key, write] of writes) {
        if (write === null) {
          await tx.delete(limiterState).where(inArray(limiterState.key, [key]));
          continue;
        }
        const expires = new Date(now + write.ttlMs);
        await tx
          .insert(limiterState)
          .values({ key, value: write.value, expires })
          .onConflictDoUpdate({ target: limiterState.key, set: { value: write.value, expires } });
      }
      return answer;
    });
    if (++this.updates % SWEEP_EVERY === 0) await this.db.delete(limiterState).where(lt(limiterState.expires, new Date(now)));
    return result;
  }
}
