/**
 * The agent loop: connect, heartbeat every heartbeatMs (its answer names jobs to stop), claim jobs while resources
 * are free, run each claimed job. Network errors are retried with backoff. A claim retried after a network error
 * repeats its claimId, so a lost answer never makes a job run twice; and a job id this agent ever started is never
 * started again. When the server forgot the runner (RUNNER_UNKNOWN) it connects again with the same id and its
 * running jobs. A server that has not answered for `serverGoneMs` is given up on: the running jobs are stopped
 * without further calls and run() rejects with ServerGoneError, so nothing is left running for good.
 */
import { randomUUID } from 'node:crypto';
import type { ClaimedJob, Resources, RunnerWelcome } from '@corridor/contract';
import { TOKEN_ENV } from './args.ts';
import { Backoff, sleep } from './backoff.ts';
import { isRunnerUnknown, isTransient, ServerError, type ProtocolClient } from './client.ts';
import { JobRun, type JobRunDeps } from './job/job-run.ts';
import type { Logger } from './logger.ts';
import type { SlurmRecord } from './slurm/records.ts';
import { availableResources } from './resources.ts';

export interface AgentOptions extends Omit<JobRunDeps, 'client' | 'log' | 'reconnect'> {
  client: ProtocolClient;
  log: Logger;
  name: string;
  capabilities: string[];
  totalResources: Resources;
  /** How often to ask for work while nothing is offered. */
  claimIntervalMs?: number;
  /** How long the server may stay silent before the agent stops its jobs and gives up; 0 or absent: no limit. */
  serverGoneMs?: number;
  /** Slurm jobs an earlier process of this runner submitted: followed again once connected. */
  resumed?: readonly SlurmRecord[];
  /** stop() leaves the jobs running where they run (a Slurm runner: on the cluster), instead of cancelling them. */
  detachOnStop?: boolean;
  /** Called after each connect with the runner id the server gave (a Slurm runner keeps it for its restart). */
  onConnected?: (runnerId: string) => Promise<void>;
}

/** The server refused the token (deleted, or this address not allowed): nothing to retry. */
export class TokenRefusedError extends Error {}

/** The server did not answer for serverGoneMs: the jobs were stopped. */
export class ServerGoneError extends Error {}

export const CANCEL_MESSAGES = {
  server: 'The run was cancelled.',
  stopped: 'The runner was stopped.',
} as const;

export class Agent {
  private readonly jobs = new Map<number, JobRun>();
  private readonly everStarted = new Set<number>();
  private readonly stopping = new AbortController();
  /** Aborted once stopping and every job has ended: heartbeats go on until then, so the server keeps the jobs. */
  private readonly done = new AbortController();
  private welcome: RunnerWelcome | undefined;
  private reconnecting: Promise<void> | undefined;
  private wake = new AbortController();
  private fatal: Error | undefined;
  /** When the server last answered (or the agent started). */
  private lastAnswer = Date.now();

  constructor(private readonly options: AgentOptions) {}

  /** Runs until stop() (resolves) or the token is refused (rejects with TokenRefusedError). */
  async run(): Promise<void> {
    const watchdog = this.watchServer();
    try {
      // Jobs an earlier process submitted to Slurm: followed from the start, and named in the connect (the server
      // ends the jobs this runner id held that it does not name).
      for (const record of this.options.resumed ?? []) this.startJob(record.job, record);
      await this.connect();
      await Promise.all([this.heartbeatLoop(), this.claimLoop()]);
    } catch (error) {
      this.fatal = error as Error;
      this.stop(CANCEL_MESSAGES.stopped);
    }
    await Promise.all([...this.jobs.values()].map((job) => job.done));
    clearInterval(watchdog);
    if (this.fatal) throw this.fatal;
  }

  /** Gives up on a server silent for serverGoneMs: its jobs are stopped without further calls, run() rejects. */
  private watchServer(): NodeJS.Timeout | undefined {
    const limit = this.options.serverGoneMs;
    if (!limit) return undefined;
    return setInterval(() => {
      if (this.stopped || Date.now() - this.lastAnswer <= limit) return;
      const reason = `the server has not answered for ${Math.round(limit / 1000)} s`;
      this.options.log.error(`${reason}: stopping ${this.jobs.size} job(s) and exiting`);
      this.fatal = new ServerGoneError(`Gave up: ${reason}.`);
      for (const job of this.jobs.values()) job.abandon(reason);
      this.stop();
    }, Math.min(1_000, limit));
  }

  /** Stops claiming, cancels the running jobs (their outputs are still uploaded) and lets run() return. */
  stop(message: string = CANCEL_MESSAGES.stopped): void {
    if (this.stopping.signal.aborted) return;
    this.options.log.info(`stopping${this.jobs.size ? `: cancelling ${this.jobs.size} job(s)` : ''}`);
    this.stopping.abort();
    for (const job of this.jobs.values()) {
      if (this.options.detachOnStop) job.detach(message);
      else job.cancel(message);
    }
    this.finishIfIdle();
  }

  private finishIfIdle(): void {
    if (this.stopped && this.jobs.size === 0) this.done.abort();
  }

  get runningJobs(): number[] {
    return [...this.jobs.keys()];
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private available(): Resources {
    return availableResources(
      this.options.totalResources,
      [...this.jobs.values()].map(({ job }) => ({ cpuCores: job.cpuCores, ramInGb: job.ramInGb })),
    );
  }

  /** Connects (again), retrying with backoff until it works or the agent stops. */
  private async connect(): Promise<void> {
    const { client, log } = this.options;
    const backoff = new Backoff();
    while (!this.stopped) {
      try {
        const reconnect = client.runnerId !== undefined;
        this.welcome = await client.connect({
          runnerId: client.runnerId,
          name: this.options.name,
          capabilities: this.options.capabilities,
          sandboxed: this.options.sandbox !== undefined,
          totalResources: this.options.totalResources,
          availableResources: this.available(),
          jobs: this.runningJobs,
        });
        this.lastAnswer = Date.now();
        await this.options.onConnected?.(this.welcome.runnerId).catch((error) => log.warn(`could not keep the runner id: ${(error as Error).message}`));
        log.info(`${reconnect ? 'reconnected' : 'connected'} as ${this.welcome.runnerId} (${this.options.name})`);
        return;
      } catch (error) {
        this.refuseToken(error);
        const delay = backoff.next();
        log.warn(`could not connect: ${(error as Error).message}; retrying in ${(delay / 1000).toFixed(1)} s`);
        await sleep(delay, this.stopping.signal);
      }
    }
  }

  /** One reconnect at a time, whoever noticed the server forgot this runner. */
  private reconnect(): Promise<void> {
    this.reconnecting ??= this.connect().finally(() => {
      this.reconnecting = undefined;
    });
    return this.reconnecting;
  }

  private refuseToken(error: unknown): void {
    if (error instanceof ServerError && (error.status === 401 || error.status === 403)) {
      const hint =
        error.status === 401
          ? ` Check ${TOKEN_ENV}: the token may have been deleted or mistyped (an administrator can add a new one on the Runners page).`
          : '';
      throw new TokenRefusedError(`The server refused this runner's token: ${error.message}${hint}`);
    }
  }

  private async heartbeatLoop(): Promise<void> {
    const { client, log } = this.options;
    let failing = false;
    // While stopping, cancelled jobs still upload their outputs: keep heartbeating until they have ended.
    while (!this.done.signal.aborted) {
      await sleep(this.welcome?.heartbeatMs ?? 5_000, this.done.signal);
      if (this.done.signal.aborted) return;
      try {
        const answer = await client.heartbeat({ availableResources: this.available(), jobs: this.runningJobs });
        this.lastAnswer = Date.now();
        if (failing) log.info('heartbeat answered again');
        failing = false;
        for (const id of answer.cancel) this.jobs.get(id)?.cancel(CANCEL_MESSAGES.server);
      } catch (error) {
        this.refuseToken(error);
        if (isRunnerUnknown(error)) {
          log.warn('the server does not know this runner any more; connecting again');
          await this.reconnect();
        } else if (!failing) {
          failing = true;
          log.warn(`heartbeat failed: ${(error as Error).message}`);
        }
      }
    }
  }

  private async claimLoop(): Promise<void> {
    while (!this.stopped) {
      const free = this.available();
      if (free.cpuCores >= 1 && free.ramInGb > 0) {
        const job = await this.claim();
        if (job) {
          this.startJob(job);
          continue;
        }
      }
      this.wake = new AbortController();
      await sleep(this.options.claimIntervalMs ?? 1_000, AbortSignal.any([this.stopping.signal, this.wake.signal]));
    }
  }

  /** One claim attempt; retried with the same claimId while the server does not answer. */
  private async claim(): Promise<ClaimedJob | null> {
    const { client, log } = this.options;
    const claimId = randomUUID();
    const backoff = new Backoff();
    while (!this.stopped) {
      try {
        const answer = await client.claim({ claimId, availableResources: this.available() });
        this.lastAnswer = Date.now();
        return answer.job;
      } catch (error) {
        this.refuseToken(error);
        if (!isTransient(error)) {
          log.warn(`claim refused: ${(error as Error).message}`);
          return null;
        }
        if (isRunnerUnknown(error)) await this.reconnect();
        else if (backoff.attempts === 0) log.warn(`claim failed: ${(error as Error).message}; retrying`);
        await sleep(backoff.next(), this.stopping.signal);
      }
    }
    return null;
  }

  private startJob(job: ClaimedJob, resume?: SlurmRecord): void {
    if (this.everStarted.has(job.jobId)) {
      this.options.log.warn(`job ${job.jobId} was offered again; it was started here before and is not started twice`);
      return;
    }
    this.everStarted.add(job.jobId);
    const run = new JobRun(job, { ...this.options, reconnect: () => this.reconnect() }, resume);
    this.jobs.set(job.jobId, run);
    // A claim answered while stopping: the job is this runner's now, so it ends (CANCELLED) like the others.
    if (this.stopped) run.cancel(CANCEL_MESSAGES.stopped);
    void run.done.finally(() => {
      this.jobs.delete(job.jobId);
      this.wake.abort();
      this.finishIfIdle();
    });
  }
}
