/** SQL of external runs: the group a run goes to, the run's job, and the time of its last report. No rules here. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { groups, jobs, memberships } from '../../db/schema.ts';

export interface ExternalJob {
  id: number;
  datasetId: number;
  status: string;
  external: boolean;
  createdBy: number | null;
}

export type GroupChoice = { groupId: number } | { name: string } | { personalOf: number };

export class ExternalRunsRepository {
  constructor(private readonly db: Db) {}

  /** The group by id, by name (case-insensitive), or the user's personal group. */
  async findGroup(choice: GroupChoice): Promise<{ id: number; name: string } | null> {
    const columns = { id: groups.id, name: groups.name };
    const query =
      'groupId' in choice
        ? this.db.select(columns).from(groups).where(eq(groups.id, choice.groupId))
        : 'name' in choice
          ? this.db.select(columns).from(groups).where(sql`lower(${groups.name}) = lower(${choice.name})`)
          : this.db
              .select(columns)
              .from(groups)
              .innerJoin(memberships, eq(memberships.groupId, groups.id))
              .where(and(eq(groups.personal, true), eq(memberships.userId, choice.personalOf)));
    const [row] = await query.limit(1);
    return row ?? null;
  }

  /** The run's newest job. */
  async latestJob(runId: number): Promise<ExternalJob | null> {
    const [row] = await this.db
      .select({ id: jobs.id, datasetId: jobs.datasetId, status: jobs.status, external: jobs.external, createdBy: jobs.createdBy })
      .from(jobs)
      .where(eq(jobs.datasetId, runId))
      .orderBy(desc(jobs.id))
      .limit(1);
    return row ? { ...row, datasetId: row.datasetId! } : null;
  }

  /** A report arrived: the heartbeat monitor counts the external run's silence from here. */
  async touch(jobId: number, now: Date): Promise<void> {
    await this.db.update(jobs).set({ lastUpdated: now }).where(eq(jobs.id, jobId));
  }
}
