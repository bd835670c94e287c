/**
 * Counts failed sign-ins per username and per client address within a sliding window. Per username stops
 * guessing one account's password from many addresses; per address stops one client trying many accounts.
 * In memory on purpose: it is reset by a restart, which an attacker cannot trigger, and needs no table.
 */

export interface LoginLimits {
  perUsername: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUsername: 10, perIp: 30, windowMs: 15 * 60_000 };

/** Bounds memory when someone sprays random usernames; the oldest keys are dropped first. */
const MAX_KEYS = 50_000;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until another attempt is allowed, or 0 when the attempt may proceed. */
  retryAfterMs(ip: string, username: string): number {
    return Math.max(
      this.waitFor(userKey(username), this.limits.perUsername),
      this.waitFor(ipKey(ip), this.limits.perIp),
    );
  }

  recordFailure(ip: string, username: string): void {
    for (const key of [userKey(username), ipKey(ip)]) {
      const times = this.recent(key);
      times.push(this.now());
      this.failures.delete(key); // re-insert so Map order stays oldest-first
      this.failures.set(key, times);
    }
    while (this.failures.size > MAX_KEYS) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  /**
   * A correct password clears that username's count. The address count stays: someone who owns one account
   * must not be able to reset their budget for guessing others.
   */
  recordSuccess(username: string): void {
    this.failures.delete(userKey(username));
  }

  private waitFor(key: string, limit: number): number {
    const times = this.recent(key);
    if (times.length < limit) return 0;
    // The attempt that frees a slot is the one `limit` places from the end leaving the window.
    const oldestCounted = times[times.length - limit]!;
    return Math.max(1, oldestCounted + this.limits.windowMs - this.now());
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}

const userKey = (username: string) => `u:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `i:${ip}`;
