/**
 * What several server processes on one database share (issue 30): this process's id, the background work queue
 * (`work-queue.ts`) and the leader leases of singletons (`leader.ts`). `clusterSettings` reads the two knobs from
 * the environment (tests make them short): WORK_LEASE_MS, how long a claim lasts unrenewed (a killed server's items
 * wait that long), and WORK_POLL_MS, how often a server looks for items queued by others.
 */
import { z } from 'zod';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { LeaderLease } from './leader.ts';
import { newServerId } from './server-id.ts';
import { DEFAULT_LEASE_MS, WorkQueue, type WorkQueueDeps } from './work-queue.ts';

export interface ClusterSettings {
  leaseMs: number;
  pollMs: number;
}

const Env = z.object({
  WORK_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(DEFAULT_LEASE_MS),
  WORK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
});

export function clusterSettings(env: NodeJS.ProcessEnv = process.env): ClusterSettings {
  // Empty values count as unset, as in loadConfig.
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== '')));
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { leaseMs: parsed.data.WORK_LEASE_MS, pollMs: parsed.data.WORK_POLL_MS };
}

export interface Cluster {
  serverId: string;
  work: WorkQueue;
  /** A leader lease by name, held `leaseMs` per acquire. */
  lease(name: string, leaseMs: number): LeaderLease;
}

export function createCluster(args: { db: Db; log: WorkQueueDeps['log']; serverId?: string; settings?: Partial<ClusterSettings> }): Cluster {
  const serverId = args.serverId ?? newServerId();
  const work = new WorkQueue({ db: args.db, serverId, leaseMs: args.settings?.leaseMs, pollMs: args.settings?.pollMs, log: args.log });
  return { serverId, work, lease: (name, leaseMs) => new LeaderLease(args.db, serverId, name, leaseMs) };
}
