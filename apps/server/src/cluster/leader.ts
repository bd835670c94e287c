/**
 * Singletons among several server processes (issue 30): the heartbeat monitor, the metrics sampler and the table
 * sweep run on one server per tick. Leadership is a row of `leader_leases` taken in one statement when it is free,
 * expired, or already ours, for `leaseMs`; the holder renews it each tick, and when it dies the lease runs out and
 * another server's next tick takes it. A row rather than a session advisory lock: node-postgres hands each query any
 * connection of its pool (a session lock would stay with one connection), and PGlite has only one session.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { rowsOf } from './rows.ts';

export class LeaderLease {
  constructor(
    private readonly db: Db,
    private readonly serverId: string,
    readonly name: string,
    private readonly leaseMs: number,
  ) {}

  /** True when this server holds the lease now (taken or renewed for another `leaseMs`). */
  async acquire(): Promise<boolean> {
    const result = await this.db.execute(sql`
      insert into leader_leases (name, held_by, until)
      values (${this.name}, ${this.serverId}, now() + ${this.leaseMs} * interval '1 millisecond')
      on conflict (name) do update set held_by = excluded.held_by, until = excluded.until
        where leader_leases.until < now() or leader_leases.held_by = excluded.held_by
      returning held_by`);
    return rowsOf<{ held_by: string }>(result).length === 1;
  }

  /** Lets go at shutdown, so another server leads from its next tick instead of after the lease. */
  async release(): Promise<void> {
    await this.db.execute(sql`delete from leader_leases where name = ${this.name} and held_by = ${this.serverId}`);
  }
}
