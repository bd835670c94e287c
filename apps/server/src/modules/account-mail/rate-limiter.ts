/**
 * Requests that mail someone (forgot password) are limited per client address and per target address, so neither
 * one client nor many can flood a mailbox or the mail server. Counted in memory over a sliding window like the login
 * limiter (security/login-limiter.ts, whose address grouping it shares); a restart forgets the counts.
 */
import { addressGroup } from '../../security/login-limiter.ts';

export interface MailRatePolicy {
  /** Requests for one target address per window. */
  perAddress: number;
  /** Requests from one client address (IPv6: its /64) per window. */
  perClient: number;
  windowMs: number;
}

export const FORGOT_PASSWORD_POLICY: MailRatePolicy = { perAddress: 3, perClient: 20, windowMs: 60 * 60_000 };

/** Bounds memory: the least recently used keys go first. */
const MAX_KEYS = 50_000;

export class MailRateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly policy: MailRatePolicy = FORGOT_PASSWORD_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request unless a limit is reached; answers how long to wait then (0: go ahead). */
  take(client: string, target: string): number {
    const now = this.now();
    const keys: [string, number][] = [
      [`client ${addressGroup(client)}`, this.policy.perClient],
      [`to ${target.trim().toLowerCase()}`, this.policy.perAddress],
    ];
    const recent = keys.map(([key, limit]) => ({ key, limit, times: this.recent(key, now) }));
    const waits = recent.filter(({ times, limit }) => times.length >= limit).map(({ times, limit }) => times[times.length - limit]! + this.policy.windowMs - now);
    if (waits.length > 0) return Math.max(1, ...waits);
    for (const { key, times } of recent) this.touch(key, [...times, now]);
    return 0;
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => t > now - this.policy.windowMs);
  }

  private touch(key: string, times: number[]): void {
    this.hits.delete(key);
    this.hits.set(key, times);
    for (const oldest of this.hits.keys()) {
      if (this.hits.size <= MAX_KEYS) break;
      this.hits.delete(oldest);
    }
  }
}
