/**
 * Requests that mail someone (forgot password) are limited per client address and per target address, so neither
 * one client nor many can flood a mailbox or the mail server. Counted over a sliding window like the login limiter
 * (security/login-limiter.ts, whose address grouping and state store it shares: the database in the server, so
 * every server process sees the same counts, issue 30).
 */
import { addressGroup } from '../../security/login-limiter.ts';
import { MemoryStateStore, type StateStore } from '../../security/state-store.ts';

export interface MailRatePolicy {
  /** Requests for one target address per window. */
  perAddress: number;
  /** Requests from one client address (IPv6: its /64) per window. */
  perClient: number;
  windowMs: number;
}

export const FORGOT_PASSWORD_POLICY: MailRatePolicy = { perAddress: 3, perClient: 20, windowMs: 60 * 60_000 };

export class MailRateLimiter {
  constructor(
    private readonly policy: MailRatePolicy = FORGOT_PASSWORD_POLICY,
    private readonly now: () => number = Date.now,
    private readonly store: StateStore = new MemoryStateStore(now),
  ) {}

  /** Counts a request unless a limit is reached; answers how long to wait then (0: go ahead). */
  take(client: string, target: string): Promise<number> {
    const keys: [string, number][] = [
      [`mail client ${addressGroup(client)}`, this.policy.perClient],
      [`mail to ${target.trim().toLowerCase()}`, this.policy.perAddress],
    ];
    return this.store.update(
      keys.map(([key]) => key),
      (state) => {
        const now = this.now();
        const recent = keys.map(([key, limit]) => ({ key, limit, times: (state.get<number[]>(key) ?? []).filter((t) => t > now - this.policy.windowMs) }));
        const waits = recent.filter(({ times, limit }) => times.length >= limit).map(({ times, limit }) => times[times.length - limit]! + this.policy.windowMs - now);
        if (waits.length > 0) return Math.max(1, ...waits);
        for (const { key, times } of recent) state.set(key, [...times, now].slice(-100), this.policy.windowMs);
        return 0;
      },
    );
  }
}
