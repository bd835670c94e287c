/**
 * The one place that ends a job: status FINISHED/FAILED/CANCELLED, finished time, exit code, message, the run event
 * runFinished, and the message appended to the run's log. A cancel of a queued job, a runner's finish, a lost
 * heartbeat and a deleted runner token all come through here, so a job ends exactly once.
 */
import { ACTIVE_JOB_STATUSES, FINAL_JOB_STATUSES, type JobStatus } from '@corridor/contract';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { jobs, runEvents, runners, runSeries } from '../../db/schema.ts';
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
/** A runner connected again with its id (restarted: a Slurm runner) and did not name the job among its own. */
export const restartedWithout = (runnerName: string) => `The runner ${runnerName} was restarted and no longer has this job.`;
export const heartbeatLostRequeued = (runnerName: string) =>
  `The runner ${runnerName} stopped sending heartbeats; the run was queued again (once).`;

export interface JobLifecycleDeps {
  db: Db;
  log: JobLog;
  now: () => Date;
  /** A log line that could not be written (the job has ended anyway). */
  onLogError?: (err: unknown, jobId: number) => void;
  /** The server's log: a job that ends is one line with the ids an operator needs, at warn when it FAILED (issues 25, 26). */
  serverLog?: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
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
        .returning({ id: jobs.id, datasetId: jobs.datasetId, runnerId: jobs.runnerId, runnerName: jobs.runnerName, userId: jobs.createdBy });
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
    if (ended) await this.logEnd(ended, outcome);
    return ended && { id: ended.id, datasetId: ended.datasetId };
  }

  /** FAILED with `message` for every job the runner still holds; answers the jobs that ended. */
  async failJobsOfRunner(runnerId: string, message: string, except: { jobs: readonly number[]; reportedBefore: Date } | undefined = undefined): Promise<EndedJob[]> {
    const held = await this.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.runnerId, runnerId), inArray(jobs.status, ['SUBMITTED', 'STARTED'] satisfies JobStatus[])))
      .orderBy(asc(jobs.id));
    const ended: EndedJob[] = [];
    for (const { id } of held) {
      if (except?.jobs.includes(id)) continue;
      const job = await this.finish(id, { status: 'FAILED', exitCode: null, message }, { heldBy: runnerId, reportedBefore: except?.reportedBefore });
      if (job) ended.push(job);
    }
    return ended;
  }

  /**
   * A lost runner's jobs that were not queued again before go back to the queue once (setting
   * runRequeueOnRunnerLoss, issue 26): CREATED as a fresh scheduled job, without runner, claim and iteration; the
   * run's series of the lost attempt are removed (the next attempt reports them anew), its output files stay until
   * the next attempt replaces them by name. A run event runRequeued and `message` in the run's log say so. A job
   * whose cancel was requested is left to end. Answers the jobs queued again.
   */
  async requeueJobsOfRunner(runnerId: string, message: string): Promise<EndedJob[]> {
    const now = this.deps.now();
    const held = await this.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.runnerId, runnerId), inArray(jobs.status, ['SUBMITTED', 'STARTED'] satisfies JobStatus[]), eq(jobs.requeued, false), eq(jobs.cancelRequested, false)))
      .orderBy(asc(jobs.id));
    const requeued: EndedJob[] = [];
    for (const { id } of held) {
      const job = await this.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(jobs)
          .set({ status: 'CREATED', runnerId: null, runnerName: null, claimId: null, started: null, currentIteration: -1, requeued: true, lastUpdated: now })
          .where(and(eq(jobs.id, id), eq(jobs.runnerId, runnerId), inArray(jobs.status, ['SUBMITTED', 'STARTED'] satisfies JobStatus[]), eq(jobs.requeued, false), eq(jobs.cancelRequested, false)))
          .returning({ id: jobs.id, datasetId: jobs.datasetId });
        if (!row) return null;
        if (row.datasetId !== null) {
          await tx.delete(runSeries).where(eq(runSeries.datasetId, row.datasetId));
          await tx.insert(runEvents).values({ datasetId: row.datasetId, type: 'runRequeued', status: 'CREATED', timestamp: now });
        }
        try {
          await this.deps.log.appendLine(id, message, tx);
        } catch (err) {
          this.deps.onLogError?.(err, id);
        }
        return row;
      });
      if (job) requeued.push(job);
    }
    return requeued;
  }

  /**
   * Call BEFORE deleting a runner token: the jobs of its runners end FAILED with `reason` and the runners are
   * removed (deleting the token would otherwise cascade the runner rows away and leave their jobs running).
   */
  async failRunnersOfToken(tokenId: number, reason: string = TOKEN_DELETED): Promise<number> {
    const rows = await this.deps.db.delete(runners).where(eq(runners.tokenId, tokenId)).returning({ id: runners.id });
    let ended = 0;
    for (const { id } of rows) ended += (await this.failJobsOfRunner(id, reason)).length;
    return ended;
  }

  /** The runner's name as the job kept it (issue 26); its token id while the runner row is there (a lost runner's is gone). */
  private async logEnd(job: { id: number; datasetId: number | null; runnerId: string | null; runnerName: string | null; userId: number | null }, outcome: Outcome): Promise<void> {
    const { serverLog, db } = this.deps;
    if (!serverLog) return;
    const [runner] = job.runnerId === null ? [] : await db.select({ name: runners.name, tokenId: runners.tokenId }).from(runners).where(eq(runners.id, job.runnerId));
    const failed = outcome.status === 'FAILED';
    serverLog[failed ? 'warn' : 'info'](
      {
        event: `run.${STATUS_WORD[outcome.status]}`,
        runId: job.datasetId,
        jobId: job.id,
        userId: job.userId,
        runnerId: job.runnerId,
        runner: job.runnerName ?? runner?.name ?? null,
        runnerTokenId: runner?.tokenId ?? null,
        exitCode: outcome.exitCode,
        reason: outcome.message,
      },
      failed ? 'a run failed' : outcome.status === 'CANCELLED' ? 'a run was cancelled' : 'a run finished',
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
