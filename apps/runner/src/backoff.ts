/** Exponential backoff with jitter for retrying calls to the server: 0.5 s, 1 s, 2 s, … up to 30 s. */

export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  factor?: number;
  /** Fraction of the delay drawn at random, ± (0.2: 80 %–120 % of the nominal delay). */
  jitter?: number;
  random?: () => number;
}

export const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0.2 } as const;

/** The nominal delay before retry number `attempt` (0-based), without jitter. */
export function nominalDelay(attempt: number, options: BackoffOptions = {}): number {
  const { initialMs, maxMs, factor } = { ...DEFAULT_BACKOFF, ...options };
  return Math.min(maxMs, initialMs * factor ** Math.max(0, attempt));
}

export class Backoff {
  private attempt = 0;

  constructor(private readonly options: BackoffOptions = {}) {}

  /** The delay before the next retry; each call moves one step further. */
  next(): number {
    const { jitter, maxMs } = { ...DEFAULT_BACKOFF, ...this.options };
    const random = this.options.random ?? Math.random;
    const nominal = nominalDelay(this.attempt++, this.options);
    const jittered = nominal * (1 + jitter * (2 * random() - 1));
    return Math.round(Math.min(maxMs, Math.max(0, jittered)));
  }

  /** After a success: the next failure starts from the initial delay again. */
  reset(): void {
    this.attempt = 0;
  }

  get attempts(): number {
    return this.attempt;
  }
}

/** Resolves after `ms`, or early (without error) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
