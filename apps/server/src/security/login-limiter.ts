/**
 * Sign-in throttling that slows guessers without locking anyone out (policy in docs/decisions.md):
 * - per (username, address) pair: a few free failures, then each further attempt of that pair waits an
 *   exponentially growing time (answered 429 with Retry-After meanwhile);
 * - per address: only many DIFFERENT usernames failing from it (password spraying) make the address wait;
 * - per username: failures from anywhere only add a short delay to that account's sign-ins, never a refusal,
 *   so a correct password from an address that is not itself throttled always signs in.
 * IPv6 addresses count by their /64 (one host usually owns a whole /64). In memory on purpose: a restart resets
 * it, which an attacker cannot trigger, and it needs no table; every map is bounded.
 */
import { isIPv6 } from 'node:net';

export interface LoginPolicy {
  /** Failures one (username, address) pair makes before its attempts start to wait. */
  pairFreeFailures: number;
  /** The first wait of a pair; each further failure doubles it, up to pairMaxDelayMs. */
  pairFirstDelayMs: number;
  pairMaxDelayMs: number;
  /** A pair whose last attempt is older than this starts over. */
  pairForgetMs: number;
  /** Different usernames failing from one address within windowMs that make the address wait (spraying). */
  addressUsernames: number;
  /** Failures for one username, from any address, within windowMs that mark the account as under attack. */
  accountFailures: number;
  /** Added to every sign-in attempt of an account under attack: friction, not a lock. */
  accountDelayMs: number;
  windowMs: number;
}

/** The numbers of the policy, in one place. */
export const LOGIN_POLICY: LoginPolicy = {
  pairFreeFailures: 5,
  pairFirstDelayMs: 2_000,
  pairMaxDelayMs: 15 * 60_000,
  pairForgetMs: 60 * 60_000,
  addressUsernames: 20,
  accountFailures: 10,
  accountDelayMs: 1_000,
  windowMs: 15 * 60_000,
};

/** What may happen with a sign-in attempt: refused for `retryAfterMs` (> 0), or checked after `delayMs`. */
export interface LoginVerdict {
  retryAfterMs: number;
  delayMs: number;
}

/** Bounds memory when someone sprays random usernames or addresses; the least recently used keys go first. */
export const MAX_KEYS = 50_000;

interface PairState {
  attempts: number;
  last: number;
}

export class LoginLimiter {
  private readonly pairs = new RecentMap<PairState>();
  /** Per address: username → time of its last failure, at most `addressUsernames` of the latest. */
  private readonly addresses = new RecentMap<Map<string, number>>();
  /** Per username: times of its latest failures, at most `accountFailures` of them. */
  private readonly accounts = new RecentMap<number[]>();

  constructor(
    private readonly policy: LoginPolicy = LOGIN_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Decides on an attempt. An attempt that is not refused counts against its pair at once (so parallel
   * requests cannot all slip through before the first failure is known); `succeeded` clears the pair.
   */
  attempt(address: string, username: string): LoginVerdict {
    const now = this.now();
    const pairKey = `${addressGroup(address)}\n${normalizeUsername(username)}`;
    const pair = this.livePair(pairKey, now);
    const retryAfterMs = Math.max(this.pairWait(pair, now), this.addressWait(address, now));
    if (retryAfterMs > 0) return { retryAfterMs, delayMs: 0 };
    this.pairs.touch(pairKey, { attempts: (pair?.attempts ?? 0) + 1, last: now });
    return { retryAfterMs: 0, delayMs: this.underAttack(username, now) ? this.policy.accountDelayMs : 0 };
  }

  /** A wrong password (or unknown user): counts for the address's usernames and for the account. */
  failed(address: string, username: string): void {
    const now = this.now();
    const name = normalizeUsername(username);
    const group = addressGroup(address);
    const names = this.addresses.get(group) ?? new Map<string, number>();
    names.delete(name);
    names.set(name, now);
    keepLatest(names, this.policy.addressUsernames);
    this.addresses.touch(group, names);
    const times = [...(this.accounts.get(name) ?? []), now].slice(-this.policy.accountFailures);
    this.accounts.touch(name, times);
  }

  /**
   * A correct password clears that pair only. The address's usernames stay (owning one account must not reset a
   * budget for guessing others), and so does the account's count (the attack on it goes on).
   */
  succeeded(address: string, username: string): void {
    this.pairs.delete(`${addressGroup(address)}\n${normalizeUsername(username)}`);
  }

  private livePair(key: string, now: number): PairState | undefined {
    const pair = this.pairs.get(key);
    return pair && now - pair.last <= this.policy.pairForgetMs ? pair : undefined;
  }

  private pairWait(pair: PairState | undefined, now: number): number {
    const over = (pair?.attempts ?? 0) - this.policy.pairFreeFailures;
    if (!pair || over < 0) return 0;
    const delay = Math.min(this.policy.pairFirstDelayMs * 2 ** over, this.policy.pairMaxDelayMs);
    return Math.max(0, pair.last + delay - now);
  }

  private addressWait(address: string, now: number): number {
    const since = now - this.policy.windowMs;
    const times = [...(this.addresses.get(addressGroup(address))?.values() ?? [])].filter((t) => t > since);
    if (times.length < this.policy.addressUsernames) return 0;
    // The address may try again once its oldest counted username leaves the window.
    return Math.max(1, times[times.length - this.policy.addressUsernames]! + this.policy.windowMs - now);
  }

  private underAttack(username: string, now: number): boolean {
    const since = now - this.policy.windowMs;
    const recent = (this.accounts.get(normalizeUsername(username)) ?? []).filter((t) => t > since);
    return recent.length >= this.policy.accountFailures;
  }
}

/** A Map that keeps its most recently touched keys first-to-last and drops the oldest beyond MAX_KEYS. */
class RecentMap<V> {
  private readonly map = new Map<string, V>();

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  touch(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    keepLatest(this.map, MAX_KEYS);
  }

  delete(key: string): void {
    this.map.delete(key);
  }
}

/** Drops a Map's first (oldest) entries until it has at most `max`. */
function keepLatest(map: Map<string, unknown>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}

const normalizeUsername = (username: string) => username.trim().toLowerCase();

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The unit an address is counted as: an IPv4 address itself (also IPv4-mapped IPv6), an IPv6 address's /64. */
export function addressGroup(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  // A dotted IPv4 tail stands for two groups.
  const width = (parts: string[]) => parts.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(headParts) - width(tailParts)).fill('0');
  const groups = [...headParts, ...zeros, ...tailParts].slice(0, 4);
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
