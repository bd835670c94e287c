/**
 * Sign-in throttling that slows guessers without locking anyone out (policy in docs/decisions.md):
 * - per (username, address) pair: a few free failures, then each further attempt of that pair waits an
 *   exponentially growing time (answered 429 with Retry-After meanwhile);
 * - per address: only many DIFFERENT usernames failing from it (password spraying) make the address wait;
 * - per username: failures from anywhere only add a short delay to that account's sign-ins, never a refusal,
 *   so a correct password from an address that is not itself throttled always signs in.
 * IPv6 addresses count by their /64 (one host usually owns a whole /64). The counts live in a `StateStore`: the
 * database's `limiter_state` in the server (several server processes see the same counts, issue 30), memory in unit
 * tests (bounded, see state-store.ts).
 */
import { isIPv6 } from 'node:net';
import { MemoryStateStore, type StateStore } from './state-store.ts';

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

export { MAX_KEYS } from './state-store.ts';

interface PairState {
  attempts: number;
  last: number;
}

/** Per address: [username, time of its last failure], oldest first, at most `addressUsernames` of the latest. */
type AddressState = [string, number][];

export class LoginLimiter {
  constructor(
    private readonly policy: LoginPolicy = LOGIN_POLICY,
    private readonly now: () => number = Date.now,
    /** Where the counts live: memory (one process) or the database (several servers, issue 30). */
    private readonly store: StateStore = new MemoryStateStore(now),
  ) {}

  /**
   * Decides on an attempt. An attempt that is not refused counts against its pair at once (so parallel
   * requests cannot all slip through before the first failure is known); `succeeded` clears the pair.
   */
  attempt(address: string, username: string): Promise<LoginVerdict> {
    const keys = keysOf(address, username);
    return this.store.update([keys.pair, keys.address, keys.account], (state) => {
      const now = this.now();
      const pair = this.livePair(state.get<PairState>(keys.pair), now);
      const retryAfterMs = Math.max(this.pairWait(pair, now), this.addressWait(state.get<AddressState>(keys.address), now));
      if (retryAfterMs > 0) return { retryAfterMs, delayMs: 0 };
      state.set(keys.pair, { attempts: (pair?.attempts ?? 0) + 1, last: now }, this.policy.pairForgetMs);
      return { retryAfterMs: 0, delayMs: this.underAttack(state.get<number[]>(keys.account), now) ? this.policy.accountDelayMs : 0 };
    });
  }

  /** A wrong password (or unknown user): counts for the address's usernames and for the account. */
  failed(address: string, username: string): Promise<void> {
    const keys = keysOf(address, username);
    return this.store.update([keys.address, keys.account], (state) => {
      const now = this.now();
      const names = (state.get<AddressState>(keys.address) ?? []).filter(([name]) => name !== keys.name);
      names.push([keys.name, now]);
      state.set(keys.address, names.slice(-this.policy.addressUsernames), this.policy.windowMs);
      const times = [...(state.get<number[]>(keys.account) ?? []), now].slice(-this.policy.accountFailures);
      state.set(keys.account, times, this.policy.windowMs);
    });
  }

  /**
   * A correct password clears that pair only. The address's usernames stay (owning one account must not reset a
   * budget for guessing others), and so does the account's count (the attack on it goes on).
   */
  succeeded(address: string, username: string): Promise<void> {
    const { pair } = keysOf(address, username);
    return this.store.update([pair], (state) => state.delete(pair));
  }

  private livePair(pair: PairState | undefined, now: number): PairState | undefined {
    return pair && now - pair.last <= this.policy.pairForgetMs ? pair : undefined;
  }

  private pairWait(pair: PairState | undefined, now: number): number {
    const over = (pair?.attempts ?? 0) - this.policy.pairFreeFailures;
    if (!pair || over < 0) return 0;
    const delay = Math.min(this.policy.pairFirstDelayMs * 2 ** over, this.policy.pairMaxDelayMs);
    return Math.max(0, pair.last + delay - now);
  }

  private addressWait(names: AddressState | undefined, now: number): number {
    const since = now - this.policy.windowMs;
    const times = (names ?? []).map(([, time]) => time).filter((t) => t > since);
    if (times.length < this.policy.addressUsernames) return 0;
    // The address may try again once its oldest counted username leaves the window.
    return Math.max(1, times[times.length - this.policy.addressUsernames]! + this.policy.windowMs - now);
  }

  private underAttack(failures: number[] | undefined, now: number): boolean {
    const since = now - this.policy.windowMs;
    return (failures ?? []).filter((t) => t > since).length >= this.policy.accountFailures;
  }
}

function keysOf(address: string, username: string) {
  const name = normalizeUsername(username);
  const group = addressGroup(address);
  return { name, pair: `login pair ${group}\n${name}`, address: `login address ${group}`, account: `login account ${name}` };
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
