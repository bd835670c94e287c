/**
 * A job's calls to the server, one at a time and in order (started → log batches → progress → stats → outputs →
 * finish), each retried with backoff while the server is unreachable. When the server says the job is not this
 * runner's any more (409), stays unreachable past `retryForMs`, or the runner gives up on the server (`giveUp`),
 * the job is lost: `onLost` stops it and every later call is skipped. (A server that was only down has failed
 * nothing meanwhile: its heartbeat timeout counts from its start. One that was up but out of reach has failed the
 * job by its heartbeat timeout and answers 409 once it is reached again.)
 */
import { Backoff, sleep, type BackoffOptions } from '../backoff.ts';
import { isJobNotYours, isRunnerUnknown, isTransient, ServerError } from '../client.ts';

export type CallResult = 'ok' | 'failed' | 'lost';

export interface ReporterOptions {
  /** How long transient failures are retried before the job counts as lost. */
  retryForMs?: number;
  backoff?: BackoffOptions;
  /** Called before retrying a call the server refused because it forgot this runner. */
  reconnect?: () => Promise<void>;
  onLost: (reason: string) => void;
  warn: (message: string) => void;
  /** Errors after which the job is lost (default: the runner protocol's 409 JOB_NOT_YOURS). */
  isLost?: (error: unknown) => boolean;
}

export interface CallOptions {
  /**
   * Give up after this many failed answers of the server (the call then "failed", the job is not lost). While the
   * server cannot be reached at all (a restart), or has forgotten the runner, attempts do not count: the call is
   * retried for retryForMs like any other. Default: retry for retryForMs.
   */
  attempts?: number;
}

export const DEFAULT_RETRY_FOR_MS = 120_000;

export class JobReporter {
  private chain: Promise<unknown> = Promise.resolve();
  private lostReason: string | undefined;
  /** Aborted when the job is lost: a call waiting to retry stops waiting. */
  private readonly lostSignal = new AbortController();

  constructor(private readonly options: ReporterOptions) {}

  get lost(): boolean {
    return this.lostReason !== undefined;
  }

  /** Queues a call behind the ones before it. Never rejects. */
  call(label: string, fn: () => Promise<void>, options: CallOptions = {}): Promise<CallResult> {
    const result = this.chain.then(() => this.attempt(label, fn, options));
    this.chain = result;
    return result;
  }

  /** The runner gives up on the server (it stayed unreachable): the call under way and every later one end 'lost'. */
  giveUp(reason: string): void {
    this.lose(reason);
  }

  /** Resolves when every queued call is done. */
  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  private async attempt(label: string, fn: () => Promise<void>, options: CallOptions): Promise<CallResult> {
    if (this.lost) return 'lost';
    const backoff = new Backoff(this.options.backoff);
    const retryFor = this.options.retryForMs ?? DEFAULT_RETRY_FOR_MS;
    const startedAt = Date.now();
    let answered = 0;
    for (;;) {
      try {
        await fn();
        return 'ok';
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if ((this.options.isLost ?? isJobNotYours)(error)) return this.lose(`${label}: ${message}`);
        if (error instanceof ServerError && !isRunnerUnknown(error)) answered++;
        const outOfAttempts = options.attempts !== undefined && answered >= options.attempts;
        if (!isTransient(error) || outOfAttempts) {
          this.options.warn(`${label} failed: ${message}`);
          return 'failed';
        }
        if (Date.now() - startedAt > retryFor) return this.lose(`${label}: the server stayed unreachable (${message})`);
        if (isRunnerUnknown(error)) await this.options.reconnect?.().catch(() => undefined);
        await sleep(backoff.next(), this.lostSignal.signal);
        if (this.lost) return 'lost';
      }
    }
  }

  private lose(reason: string): 'lost' {
    if (!this.lost) {
      this.lostReason = reason;
      this.lostSignal.abort();
      this.options.onLost(reason);
    }
    return 'lost';
  }
}
