/**
 * Background work claimed through the database (issue 30), so that several server processes on one database never
 * do the same item twice and one finishes what another left when it died. An item is a row of `background_work`
 * (kind + subject id, unique); `enqueue` inserts it (asked again while claimed: `generation` grows, and it runs once
 * more after the claim ends). Each server claims items of each kind up to the kind's concurrency, in one statement:
 *
 *   update background_work set claimed_by = $server, claimed_until = now() + lease
 *   where id = (select id … where claimed_until is null or claimed_until < now() order by id for update skip locked limit 1)
 *
 * The lease is renewed while the handler works; the row is deleted when it is done. A process killed with -9 renews
 * nothing, its lease runs out and another server claims the item. A graceful shutdown (`close`) hands its claims back
 * at once. Every server polls every `pollMs`; an enqueue on this server starts the work here at once.
 *
 * Handlers are idempotent where a crash may repeat them (they check what exists); `RetryLater` puts an item back to
 * be claimed after a while (e.g. the vehicle data waiting for its network).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { rowsOf } from './rows.ts';

export interface WorkItem {
  id: number;
  kind: string;
  subjectId: number;
  payload: Record<string, unknown>;
  generation: number;
  attempts: number;
}

export interface WorkKind {
  /** Items of this kind one server works on at a time. */
  concurrency: number;
  handle(item: WorkItem): Promise<void>;
  /**
   * Called instead of `handle` when the item was claimed more than MAX_ATTEMPTS times (each claimer died or was
   * killed while working on it): record that it failed; the item is then dropped, so it cannot take servers down in turn.
   */
  abandon?(item: WorkItem): Promise<void>;
}

/** Claims of one item (not counting RetryLater) after which it is given up. */
export const MAX_ATTEMPTS = 5;

/** Thrown by a handler: the item goes back and may be claimed again after `afterMs`. */
export class RetryLater extends Error {
  constructor(readonly afterMs: number) {
    super(`retry in ${afterMs} ms`);
  }
}

export interface WorkQueueDeps {
  db: Db;
  serverId: string;
  /** How long a claim lasts without renewal; default 30 s. */
  leaseMs?: number;
  /** How often a server looks for items (others' and expired ones); default 2 s. */
  pollMs?: number;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export const DEFAULT_LEASE_MS = 30_000;

export class WorkQueue {
  private readonly kinds = new Map<string, WorkKind>();
  private readonly running = new Map<string, Set<Promise<void>>>();
  /** Kinds being filled right now (one filler per kind at a time; a kick meanwhile makes it look once more). */
  private readonly filling = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  readonly leaseMs: number;

  constructor(private readonly deps: WorkQueueDeps) {
    this.leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  }

  get serverId(): string {
    return this.deps.serverId;
  }

  define(kind: string, handler: WorkKind): void {
    this.kinds.set(kind, handler);
    this.running.set(kind, new Set());
  }

  /** Starts polling (items queued before this start, by other servers, or left by a dead one). */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kickAll(), this.deps.pollMs ?? 2_000);
    this.timer.unref();
    this.kickAll();
  }

  /**
   * Queues the item (or, when it is queued already: `again` — the default — makes it run once more after a claim
   * under way ends, with `payload` merged into the queued one; `again: false` leaves the queued item as it is).
   */
  async enqueue(kind: string, subjectId: number, payload: Record<string, unknown> = {}, options: { again?: boolean } = {}): Promise<void> {
    const json = JSON.stringify(payload);
    await this.deps.db.execute(
      options.again === false
        ? sql`insert into background_work (kind, subject_id, payload) values (${kind}, ${subjectId}, ${json}::jsonb) on conflict (kind, subject_id) do nothing`
        : sql`insert into background_work (kind, subject_id, payload) values (${kind}, ${subjectId}, ${json}::jsonb)
              on conflict (kind, subject_id) do update set payload = background_work.payload || excluded.payload, generation = background_work.generation + 1`,
    );
    this.kick(kind);
  }

  /** Whether the item is queued or under way on any server. */
  async pending(kind: string, subjectId: number): Promise<boolean> {
    const result = await this.deps.db.execute(sql`select 1 from background_work where kind = ${kind} and subject_id = ${subjectId}`);
    return rowsOf(result).length > 0;
  }

  kick(kind: string): void {
    if (this.stopped || !this.kinds.has(kind)) return;
    if (this.filling.has(kind)) {
      this.again.add(kind);
      return;
    }
    const fill = this.fill(kind)
      .catch((err: unknown) => this.deps.log.error({ err, kind }, 'could not claim background work'))
      .finally(() => {
        this.filling.delete(kind);
        if (this.again.delete(kind)) this.kick(kind);
      });
    this.filling.set(kind, fill);
  }

  private kickAll(): void {
    for (const kind of this.kinds.keys()) this.kick(kind);
  }

  private async fill(kind: string): Promise<void> {
    const handler = this.kinds.get(kind)!;
    const running = this.running.get(kind)!;
    while (!this.stopped && running.size < handler.concurrency) {
      const item = await this.claim(kind);
      if (!item) return;
      if (this.stopped) {
        // Claimed while the server began to shut down: back at once.
        await this.putBack(item, 0);
        return;
      }
      if (item.attempts > MAX_ATTEMPTS) {
        this.deps.log.error({ event: 'work.abandoned', kind, subjectId: item.subjectId, attempts: item.attempts }, 'background work given up: every server that took it stopped while working on it');
        await handler.abandon?.(item).catch((err: unknown) => this.deps.log.error({ err, kind, subjectId: item.subjectId }, 'could not record abandoned background work'));
        await this.done(item);
        continue;
      }
      const work = this.work(handler, item).finally(() => {
        running.delete(work);
        this.kick(kind);
      });
      running.add(work);
    }
  }

  /** Claims the oldest free item of the kind for this server, or null. */
  async claim(kind: string): Promise<WorkItem | null> {
    const result = await this.deps.db.execute(sql`
      update background_work
      set claimed_by = ${this.deps.serverId}, claimed_until = now() + ${this.leaseMs} * interval '1 millisecond', attempts = attempts + 1
      where id = (
        select id from background_work
        where kind = ${kind} and (claimed_until is null or claimed_until < now())
        order by id
        for update skip locked
        limit 1
      )
      returning id, kind, subject_id, payload, generation, attempts`);
    const row = rowsOf<{ id: number; kind: string; subject_id: number; payload: Record<string, unknown>; generation: number; attempts: number }>(result)[0];
    if (!row) return null;
    return { id: row.id, kind: row.kind, subjectId: row.subject_id, payload: row.payload ?? {}, generation: row.generation, attempts: row.attempts };
  }

  private async work(handler: WorkKind, item: WorkItem): Promise<void> {
    const renew = setInterval(() => void this.renew(item), Math.max(100, Math.floor(this.leaseMs / 3)));
    renew.unref();
    const started = performance.now();
    try {
      await handler.handle(item);
      clearInterval(renew);
      await this.done(item);
      // One line per item done: an operator sees which server did what (and the several-servers test counts them).
      const ms = Math.round(performance.now() - started);
      this.deps.log.info({ event: 'work.done', kind: item.kind, subjectId: item.subjectId, serverId: this.deps.serverId, attempts: item.attempts, ms }, 'background work done');
    } catch (err) {
      clearInterval(renew);
      if (err instanceof RetryLater) return void (await this.putBack(item, err.afterMs).catch((e: unknown) => this.deps.log.error({ err: e, item: item.id }, 'could not put background work back')));
      this.deps.log.error({ err, kind: item.kind, subjectId: item.subjectId }, 'background work failed');
      await this.done(item).catch((e: unknown) => this.deps.log.error({ err: e, item: item.id }, 'could not end background work'));
    }
  }

  private async renew(item: WorkItem): Promise<void> {
    try {
      const result = await this.deps.db.execute(sql`
        update background_work set claimed_until = now() + ${this.leaseMs} * interval '1 millisecond'
        where id = ${item.id} and claimed_by = ${this.deps.serverId} returning id`);
      if (rowsOf(result).length === 0) this.deps.log.warn({ kind: item.kind, subjectId: item.subjectId }, 'a background work claim was lost (its lease ran out)');
    } catch (err) {
      this.deps.log.warn({ err, kind: item.kind, subjectId: item.subjectId }, 'could not renew a background work claim');
    }
  }

  /** Deletes the item, or hands it back when it was asked for again meanwhile (it runs once more). */
  private async done(item: WorkItem): Promise<void> {
    const { db, serverId } = this.deps;
    const deleted = await db.execute(sql`delete from background_work where id = ${item.id} and claimed_by = ${serverId} and generation = ${item.generation} returning id`);
    if (rowsOf(deleted).length === 0) await db.execute(sql`update background_work set claimed_by = null, claimed_until = null where id = ${item.id} and claimed_by = ${serverId}`);
  }

  /** Back to the queue, claimable after `afterMs`; this claim does not count as an attempt. */
  private async putBack(item: WorkItem, afterMs: number): Promise<void> {
    await this.deps.db.execute(sql`
      update background_work set claimed_by = null, claimed_until = now() + ${afterMs} * interval '1 millisecond', attempts = greatest(attempts - 1, 0)
      where id = ${item.id} and claimed_by = ${this.deps.serverId}`);
  }

  /** Resolves when this server works on nothing (of `kinds`, default all) and finds nothing to claim (tests, shutdown). */
  async idle(kinds?: readonly string[]): Promise<void> {
    const chosen = (map: Map<string, unknown>) => [...map.keys()].filter((kind) => !kinds || kinds.includes(kind));
    for (;;) {
      const busy = [...chosen(this.filling).map((k) => this.filling.get(k)!), ...chosen(this.running).flatMap((k) => [...this.running.get(k)!])];
      if (busy.length === 0) return;
      await Promise.allSettled(busy);
    }
  }

  /** No new claims from here on (shutdown's first step); work under way goes on. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Hands back every claim of this server (shutdown's last step, after the work that could finish did): another
   * server claims them at once instead of waiting for the lease. Answers how many were handed back.
   */
  async release(): Promise<number> {
    this.stop();
    // A claim cut off by a shutdown is not the item's fault: it does not count as an attempt.
    const result = await this.deps.db.execute(
      sql`update background_work set claimed_by = null, claimed_until = null, attempts = greatest(attempts - 1, 0) where claimed_by = ${this.deps.serverId} returning id`,
    );
    return rowsOf(result).length;
  }
}
