/**
 * The one place that ends a job: status FINISHED/FAILED/CANCELLED, finished time, exit code, message, the run event
 * runFinished, and the message appended to the run's log. A cancel of a queued job, a runner's finish, a lost
 * heartbeat and a deleted runner token all come through here, so a job ends exactly once.
 */
import { ACTIVE_JOB_STATUSES, FINAL_JOB_STATUSES, type JobStatus } from '@corridor/contract';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { jobs, runEvents, runners } from '../../db/schema.ts';
import type { JobLog } from './job-log.ts';

export type FinalStatus = 'FINISHED' | 'FAILED' | 'CANCELLED';

export interface Outcome {
  status: FinalStatus;
  exitCode: number | null;
  /** Why, for people: stored on the job and appended to the log. */
  message: string | null;
}

export interface EndCondition {
  heldBy?: string;
  /** Only when the job's last report (lastUpdated) is older than this (a report that just arrived keeps it). */
  reportedBefore?: Date;
  statuses?: readonly JobStatus[];
}

export interface EndedJob {
  id: number;
  datasetId: number | null;
}

export const TOKEN_DELETED = 'The runner token was deleted.';
export const heartbeatLost = (runnerName: string) =>
  `The runner ${runnerName} stopped sending heartbeats; the run was marked as failed.`;

export interface JobLifecycleDeps {
  db: Db;
  log: JobLog;
  now: () => Date;
  /** A log line that could not be written (the job has ended anyway). */
  onLogError?: (err: unknown, jobId: number) => void;
  /** The server's log: a job that ends FAILED is one warn line with the ids an operator needs (issue 25). */
  serverLog?: { warn(fields: object, message: string): void };
}

const STATUS_WORD: Record<FinalStatus, string> = { FINISHED: 'finished', FAILED: 'failed', CANCELLED: 'cancelled' };

export class JobLifecycle {
  constructor(private readonly deps: JobLifecycleDeps) {}

  /**
   * Ends the job unless it has ended already, or unless the condition does not hold: `heldBy` a given runner, or in
   * one of the given `statuses` (e.g. only CREATED for a cancel). Answers the ended job, or null when nothing changed.
   */
  async finish(jobId: number, outcome: Outcome, condition: EndCondition = {}): Promise<EndedJob | null> {
    const { heldBy, reportedBefore, statuses = ACTIVE_JOB_STATUSES } = condition;
    const now = this.deps.now();
    const ended = await this.deps.db.transaction(async (tx) => {
      const [job] = await tx
        .update(jobs)
        .set({ status: outcome.status, finished: now, exitCode: outcome.exitCode, message: outcome.message, lastUpdated: now })
        .where(
          and(
            eq(jobs.id, jobId),
            inArray(jobs.status, statuses.filter((s) => ACTIVE_JOB_STATUSES.includes(s))),
            heldBy === undefined ? undefined : eq(jobs.runnerId, heldBy),
            reportedBefore === undefined ? undefined : lt(jobs.lastUpdated, reportedBefore),
          ),
        )
        .returning({ id: jobs.id, datasetId: jobs.datasetId, runnerId: jobs.runnerId, userId: jobs.createdBy });
      if (!job) return null;
      if (job.datasetId !== null) {
        await tx.insert(runEvents).values({
          datasetId: job.datasetId,
          type: 'runFinished',
          status: outcome.status,
          data: { exitCode: outcome.exitCode },
          timestamp: now,
        });
      }
      // Written while the job row is locked: whoever sees the final status finds the reason in the log.
      await this.writeLog(jobId, outcome, now, tx);
      return job;
    });
    if (ended && outcome.status === 'FAILED') await this.warnFailed(ended, outcome);
    return ended && { id: ended.id, datasetId: ended.datasetId };
  }

  /** FAILED with `message` for every job the runner still holds; answers how many ended. */
  async failJobsOfRunner(runnerId: string, message: string): Promise<number> {
    const held = await this.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.runnerId, runnerId), inArray(jobs.status, ['SUBMITTED', 'STARTED'] satisfies JobStatus[])))
      .orderBy(asc(jobs.id));
    let ended = 0;
    for (const { id } of held) {
      if (await this.finish(id, { status: 'FAILED', exitCode: null, message }, { heldBy: runnerId })) ended++;
    }
    return ended;
  }

  /**
   * Call BEFORE deleting a runner token: the jobs of its runners end FAILED with `reason` and the runners are
   * removed (deleting the token would otherwise cascade the runner rows away and leave their jobs running).
   */
  async failRunnersOfToken(tokenId: number, reason: string = TOKEN_DELETED): Promise<number> {
    const rows = await this.deps.db.delete(runners).where(eq(runners.tokenId, tokenId)).returning({ id: runners.id });
    let ended = 0;
    for (const { id } of rows) ended += await this.failJobsOfRunner(id, reason);
    return ended;
  }

  /** Runner name and token id while the runner row is there (a lost runner's row is gone by now: its id stays). */
  private async warnFailed(job: { id: number; datasetId: number | null; runnerId: string | null; userId: number | null }, outcome: Outcome): Promise<void> {
    const { serverLog, db } = this.deps;
    if (!serverLog) return;
    const [runner] = job.runnerId === null ? [] : await db.select({ name: runners.name, tokenId: runners.tokenId }).from(runners).where(eq(runners.id, job.runnerId));
    serverLog.warn(
      {
        runId: job.datasetId,
        jobId: job.id,
        userId: job.userId,
        runnerId: job.runnerId,
        runner: runner?.name ?? null,
        runnerTokenId: runner?.tokenId ?? null,
        exitCode: outcome.exitCode,
        reason: outcome.message,
      },
      'a run failed',
    );
  }

  private async writeLog(jobId: number, outcome: Outcome, now: Date, db: Db): Promise<void> {
    const exit = outcome.exitCode === null ? '' : ` with exit code ${outcome.exitCode}`;
    const lines = [outcome.message, `Run ${STATUS_WORD[outcome.status]} at ${now.toISOString()}${exit}.`].filter((l): l is string => !!l);
    try {
      await this.deps.log.appendLine(jobId, lines.join('\n'), db);
    } catch (err) {
      this.deps.onLogError?.(err, jobId);
    }
  }
}

/** For the runner-tokens module: end the jobs of a token's runners before the token row is deleted. */
export function failRunnersOfToken(lifecycle: JobLifecycle, tokenId: number, reason: string = TOKEN_DELETED): Promise<number> {
  return lifecycle.failRunnersOfToken(tokenId, reason);
}

export const isFinal = (status: string) => (FINAL_JOB_STATUSES as readonly string[]).includes(status);
