/**
 * The heartbeat monitor: every heartbeat interval it looks for runners silent for longer than the timeout. Such a
 * runner is removed and its SUBMITTED/STARTED jobs end FAILED with the reason in their logs (or, with the setting
 * runRequeueOnRunnerLoss, go back to the queue once). Silence is counted from
 * the later of the last heartbeat and this server's start, so a restart alone fails nothing: runners have a full
 * timeout to reach the new process. External runs (no runner; their watch client reports with an API key) that sent
 * nothing for `externalTimeoutMs` end FAILED the same way; an imported run's (its import was cut off by a restart)
 * with IMPORT_INTERRUPTED instead of WATCH_CLIENT_SILENT. With several servers on one database one of them checks per
 * tick: the holder of the `heartbeat-monitor` lease (cluster/leader.ts, issue 30).
 */
import { IMPORT_INTERRUPTED, WATCH_CLIENT_SILENT } from '@corridor/contract';
import type { JobLifecycle } from './lifecycle.ts';
import { heartbeatLost, heartbeatLostRequeued } from './lifecycle.ts';
import type { RunnerProtocolRepository } from './repository.ts';

/** Default silence after which an external run counts as lost. */
export const EXTERNAL_TIMEOUT_MS = 10 * 60_000;

export interface HeartbeatMonitorDeps {
  repository: RunnerProtocolRepository;
  lifecycle: JobLifecycle;
  now: () => Date;
  intervalMs: number;
  timeoutMs: number;
  /** Silence after which an external run ends FAILED (default EXTERNAL_TIMEOUT_MS). */
  externalTimeoutMs?: number;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Whether a lost runner's unfinished jobs go back to the queue once (setting runRequeueOnRunnerLoss); absent: never. */
  requeueOnLoss?: () => Promise<boolean>;
  /** Several servers: a tick checks only on the server that holds (or takes) this lease; absent: always. */
  leader?: { acquire(): Promise<boolean>; release(): Promise<void> };
}

export class HeartbeatMonitor {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private since: Date | null = null;

  constructor(private readonly deps: HeartbeatMonitorDeps) {}

  start(): void {
    if (this.timer) return;
    this.since = this.deps.now();
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs);
    this.timer.unref();
  }

  /** Stops the checks and waits for a running one (before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.deps.leader?.release().catch((err: unknown) => this.deps.log.warn({ err }, 'could not hand the heartbeat monitor lease back'));
  }

  /** One check; overlapping calls share the running one. */
  tick(): Promise<void> {
    this.running ??= this.check()
      .catch((err: unknown) => this.deps.log.error({ err }, 'the runner heartbeat check failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async check(): Promise<void> {
    const { repository, lifecycle, now, timeoutMs } = this.deps;
    if (this.deps.leader && !(await this.deps.leader.acquire())) return;
    const since = (this.since ??= now()).getTime();
    const current = now().getTime();
    for (const runner of await repository.listRunners()) {
      const silentFor = current - Math.max(runner.lastHeartbeat.getTime(), since);
      if (silentFor <= timeoutMs) continue;
      // A heartbeat that arrived since the list was read keeps the runner.
      if (!(await repository.deleteRunnerIfSilent(runner.id, runner.lastHeartbeat))) continue;
      // Queued again once when the setting says so (a job queued before fails below, with the usual message).
      if (await this.deps.requeueOnLoss?.()) {
        for (const job of await lifecycle.requeueJobsOfRunner(runner.id, heartbeatLostRequeued(runner.name))) {
          this.deps.log.info({ event: 'run.requeued', runId: job.datasetId, jobId: job.id, runnerId: runner.id, runner: runner.name }, 'a run was queued again: its runner stopped sending heartbeats');
        }
      }
      const failed = await lifecycle.failJobsOfRunner(runner.id, heartbeatLost(runner.name));
      this.deps.log.warn(
        { event: 'runner.lost', runnerId: runner.id, runner: runner.name, runnerTokenId: runner.tokenId, failedJobs: failed.length, failedRunIds: failed.map((job) => job.datasetId), failedJobIds: failed.map((job) => job.id) },
        'a runner was lost: it stopped sending heartbeats',
      );
    }
    // Jobs whose runner row is gone without the jobs having ended (e.g. removed with its token).
    for (const runnerId of await repository.orphanedRunnerIds()) await lifecycle.failJobsOfRunner(runnerId, heartbeatLost(runnerId));
    await this.failSilentExternalRuns(since, current);
  }

  /** Silence counted like a runner's: from the later of the last report and this server's start. */
  private async failSilentExternalRuns(since: number, current: number): Promise<void> {
    const timeout = this.deps.externalTimeoutMs ?? EXTERNAL_TIMEOUT_MS;
    if (current - since <= timeout) return;
    for (const job of await this.deps.repository.staleExternalJobs(new Date(current - timeout))) {
      // An import renews its job while it works (run-import/process.ts): a silent one died with the server.
      const message = job.imported ? IMPORT_INTERRUPTED : WATCH_CLIENT_SILENT;
      const ended = await this.deps.lifecycle.finish(job.id, { status: 'FAILED', exitCode: null, message }, { reportedBefore: new Date(current - timeout) });
      if (ended) this.deps.log.warn({ jobId: job.id }, 'an external run stopped reporting');
    }
  }
}
