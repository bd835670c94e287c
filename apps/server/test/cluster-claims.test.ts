/**
 * The claim SQL of several servers on one database (issue 30), with two "servers" (two queues, two leases, two
 * stores with their own ids) on one test database: a claimed item is nobody else's until its lease runs out or it
 * is handed back; an item asked for again while claimed runs once more; one leader per lease; limiter decisions on
 * the same keys see each other. The two-process test (several-servers.test.ts) runs real processes on PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbStateStore } from '../src/cluster/db-state-store.ts';
import { LeaderLease } from '../src/cluster/leader.ts';
import { MAX_ATTEMPTS, RetryLater, WorkQueue, type WorkItem } from '../src/cluster/work-queue.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/connection.ts';
import { LOGIN_POLICY, LoginLimiter } from '../src/security/login-limiter.ts';
import { openTestDatabase } from './harness.ts';
import { runners, runnerTokens } from '../src/db/schema.ts';
import { JobLifecycle } from '../src/modules/runner-protocol/lifecycle.ts';
import { JobLog } from '../src/modules/runner-protocol/job-log.ts';
import { HeartbeatMonitor } from '../src/modules/runner-protocol/monitor.ts';
import { RunnerProtocolRepository } from '../src/modules/runner-protocol/repository.ts';
import { LogStore } from '../src/storage/log-store.ts';
import { eq } from 'drizzle-orm';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

describe('claims through the database', () => {
  let dir: string;
  let close: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'corridor-claims-'));
    const opened = await openTestDatabase(dir);
    db = opened.database.db;
    close = opened.close;
  });
  afterAll(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  const queue = (serverId: string, leaseMs = 60_000) => new WorkQueue({ db, serverId, leaseMs, log: quiet });

  it('gives an item to one server until it is handed back or its lease runs out', async () => {
    const one = queue('one', 400);
    const two = queue('two');
    await one.enqueue('k1', 7, { a: 1 });
    const claimed = await one.claim('k1');
    expect(claimed).toMatchObject({ subjectId: 7, payload: { a: 1 }, attempts: 1 });
    expect(await two.claim('k1')).toBeNull();
    expect(await two.pending('k1', 7)).toBe(true);
    // The lease runs out (the server died): the other claims it, on the second attempt.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await two.claim('k1')).toMatchObject({ subjectId: 7, attempts: 2 });
    expect(await one.claim('k1')).toBeNull();
    // Handed back at shutdown: claimable at once (the cut-off claim is not counted).
    expect(await two.release()).toBe(1);
    expect(await queue('three').claim('k1')).toMatchObject({ subjectId: 7, attempts: 2 });
  });

  it('gives an item up after MAX_ATTEMPTS claims whose servers died, recording why', async () => {
    const handled: number[] = [];
    const abandoned: number[] = [];
    const dying = queue('dying');
    await dying.enqueue('k4', 3);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await dying.claim('k4')).toMatchObject({ attempts: i + 1 });
      // The server dies: its lease runs out.
      await db.execute(sql`update background_work set claimed_until = now() - interval '1 second' where kind = 'k4'`);
    }
    const survivor = queue('survivor');
    survivor.define('k4', { concurrency: 1, handle: async (item) => void handled.push(item.subjectId), abandon: async (item) => void abandoned.push(item.subjectId) });
    survivor.kick('k4');
    await survivor.idle();
    expect({ handled, abandoned }).toEqual({ handled: [], abandoned: [3] });
    expect(await survivor.pending('k4', 3)).toBe(false);
  });

  it('runs an item once more when it is asked for again while claimed, and puts it back on RetryLater', async () => {
    const seen: WorkItem[] = [];
    const one = queue('one');
    let asked = false;
    one.define('k2', {
      concurrency: 1,
      handle: async (item) => {
        seen.push(item);
        if (!asked) {
          asked = true;
          await one.enqueue('k2', 1, { again: true }); // asked for again while it runs
        }
      },
    });
    await one.enqueue('k2', 1);
    await one.idle();
    expect(seen.map((item) => [item.generation, item.payload])).toEqual([
      [0, {}],
      [1, { again: true }],
    ]);
    expect(await one.pending('k2', 1)).toBe(false);

    let tries = 0;
    one.define('k3', {
      concurrency: 1,
      handle: async () => {
        if (++tries === 1) throw new RetryLater(60_000);
      },
    });
    await one.enqueue('k3', 1);
    await one.idle();
    expect(tries).toBe(1);
    // Not claimable before its time, by anyone.
    expect(await queue('two').claim('k3')).toBeNull();
    expect(await one.pending('k3', 1)).toBe(true);
  });

  it('lets one server lead a lease at a time; a released or expired lease goes to the next', async () => {
    const a = new LeaderLease(db, 'a', 'monitor', 300);
    const b = new LeaderLease(db, 'b', 'monitor', 300);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true); // renewed
    await a.release();
    expect(await b.acquire()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await a.acquire()).toBe(true);
  });

  it('checks runner heartbeats on the lease holder only', async () => {
    const [token] = await db.insert(runnerTokens).values({ tokenHash: 'f'.repeat(64) }).returning({ id: runnerTokens.id });
    const resources = { cpuCores: 1, ramInGb: 1 };
    let clock = Date.now();
    await db.insert(runners).values({ id: 'silent-runner', tokenId: token!.id, name: 'silent', totalResources: resources, availableResources: resources, lastHeartbeat: new Date(clock) });
    const logs = await LogStore.open(path.join(dir, 'logs'));
    const lost: string[] = [];
    const monitor = (serverId: string) =>
      new HeartbeatMonitor({
        repository: new RunnerProtocolRepository(db),
        lifecycle: new JobLifecycle({ db, log: new JobLog(db, logs), now: () => new Date(clock) }),
        now: () => new Date(clock),
        intervalMs: 60_000,
        timeoutMs: 60_000,
        log: { error: () => undefined, info: () => undefined, warn: (_obj: object, msg: string) => void lost.push(`${serverId}: ${msg}`) },
        leader: new LeaderLease(db, serverId, 'heartbeat-monitor', 60_000),
      });
    const [a, b] = [monitor('a'), monitor('b')];
    await a.tick(); // A leads from here on (its lease is renewed each tick)
    await b.tick();
    clock += 5 * 60_000;
    await b.tick(); // not the leader: the silent runner stays
    expect(await db.select({ id: runners.id }).from(runners).where(eq(runners.id, 'silent-runner'))).toHaveLength(1);
    await a.tick();
    expect(lost).toEqual(['a: a runner was lost: it stopped sending heartbeats']);
    await a.stop(); // hands the lease back: B leads at its next tick
    expect(await new LeaderLease(db, 'b', 'heartbeat-monitor', 60_000).acquire()).toBe(true);
  });

  it('counts sign-in attempts of two servers in one place, also when they arrive together', async () => {
    const now = () => Date.now();
    const serverA = new LoginLimiter(LOGIN_POLICY, now, new DbStateStore(db, now));
    const serverB = new LoginLimiter(LOGIN_POLICY, now, new DbStateStore(db, now));
    // Parallel attempts of one pair on both servers: the free ones are counted, none more.
    const verdicts = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? serverA : serverB).attempt('10.0.0.9', 'eve')));
    expect(verdicts.filter((v) => v.retryAfterMs === 0)).toHaveLength(LOGIN_POLICY.pairFreeFailures);
    await serverB.succeeded('10.0.0.9', 'eve');
    expect((await serverA.attempt('10.0.0.9', 'eve')).retryAfterMs).toBe(0);
  });
});
