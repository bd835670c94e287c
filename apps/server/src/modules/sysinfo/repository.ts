/** SQL for what the system information and the metrics count: the database, files, jobs and connected runners. */
import { JOB_STATUSES, type JobStatus } from '@corridor/contract';
import { count, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { files, jobs, runners } from '../../db/schema.ts';

export class SystemRepository {
  constructor(private readonly db: Db) {}

  /** `server_version` (e.g. "17.4") and pg_database_size of the current database (PGlite answers both too). */
  async database(): Promise<{ version: string; sizeBytes: number }> {
    const result = await this.db.execute(sql`select current_setting('server_version') as version, pg_database_size(current_database()) as size`);
    // Both drivers answer { rows }; the shared Db type does not know which.
    const row = (result as unknown as { rows: { version: string; size: string | number }[] }).rows[0]!;
    return { version: row.version, sizeBytes: Number(row.size) };
  }

  async fileTotals(): Promise<{ count: number; totalBytes: number }> {
    const [row] = await this.db.select({ count: count(), total: sum(files.size) }).from(files);
    return { count: row?.count ?? 0, totalBytes: Number(row?.total ?? 0) };
  }

  /** Jobs by status, every status present (0 when none). */
  async jobsByStatus(): Promise<Record<JobStatus, number>> {
    const rows = await this.db.select({ status: jobs.status, count: count() }).from(jobs).groupBy(jobs.status);
    const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
    for (const row of rows) if (row.status in counts) counts[row.status as JobStatus] = row.count;
    return counts;
  }

  /** Runners whose last heartbeat is at or after `since`. */
  async connectedRunners(since: Date): Promise<number> {
    const [row] = await this.db.select({ count: count() }).from(runners).where(gte(runners.lastHeartbeat, since));
    return row?.count ?? 0;
  }
}
