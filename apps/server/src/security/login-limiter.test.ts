import { describe, expect, it } from 'vitest';
import { addressGroup, LoginLimiter, MAX_KEYS, type LoginPolicy } from './login-limiter.ts';

const policy: LoginPolicy = {
  pairFreeFailures: 2,
  pairFirstDelayMs: 1000,
  pairMaxDelayMs: 5000,
  pairForgetMs: 60_000,
  addressUsernames: 3,
  accountFailures: 4,
  accountDelayMs: 50,
  windowMs: 10_000,
};

/** A limiter on a clock the test moves; `fail` is an attempt that was allowed and then failed. */
function limiterAt(start = 0) {
  let now = start;
  const limiter = new LoginLimiter(policy, () => now);
  const fail = async (address: string, username: string) => {
    const verdict = await limiter.attempt(address, username);
    if (verdict.retryAfterMs === 0) await limiter.failed(address, username);
    return verdict;
  };
  return { limiter, fail, advance: (ms: number) => (now += ms) };
}

describe('LoginLimiter', () => {
  it('lets a (username, address) pair fail a few times, then doubles its wait up to the cap', async () => {
    const { limiter, fail, advance } = limiterAt();
    expect((await fail('1.1.1.1', 'alice')).retryAfterMs).toBe(0);
    expect((await fail('1.1.1.1', 'Alice ')).retryAfterMs).toBe(0); // usernames count case- and space-insensitively
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const wait = (await limiter.attempt('1.1.1.1', 'alice')).retryAfterMs;
      waits.push(wait);
      advance(wait);
      expect((await fail('1.1.1.1', 'alice')).retryAfterMs).toBe(0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000]);
    // Other addresses and other usernames are not held up by this pair.
    expect((await limiter.attempt('2.2.2.2', 'alice')).retryAfterMs).toBe(0);
    expect((await limiter.attempt('1.1.1.1', 'bob')).retryAfterMs).toBe(0);
  });

  it('clears a pair on success and forgets a quiet pair', async () => {
    const { limiter, fail, advance } = limiterAt();
    await fail('1.1.1.1', 'alice');
    await fail('1.1.1.1', 'alice');
    expect((await limiter.attempt('1.1.1.1', 'alice')).retryAfterMs).toBe(1000);
    advance(1000);
    expect((await limiter.attempt('1.1.1.1', 'alice')).retryAfterMs).toBe(0);
    await limiter.succeeded('1.1.1.1', 'alice');
    await fail('1.1.1.1', 'alice');
    await fail('1.1.1.1', 'alice');
    advance(60_001);
    expect((await limiter.attempt('1.1.1.1', 'alice')).retryAfterMs).toBe(0);
  });

  it('counts parallel attempts of a pair before their outcome is known', async () => {
    const { limiter } = limiterAt();
    expect((await limiter.attempt('1.1.1.1', 'alice')).retryAfterMs).toBe(0);
    expect((await limiter.attempt('1.1.1.1', 'alice')).retryAfterMs).toBe(0);
    expect((await limiter.attempt('1.1.1.1', 'alice')).retryAfterMs).toBeGreaterThan(0);
  });

  it('holds an address up only for many different usernames within the window', async () => {
    const { limiter, fail, advance } = limiterAt();
    await fail('9.9.9.9', 'a');
    advance(1000);
    await fail('9.9.9.9', 'b');
    await fail('9.9.9.9', 'b'); // the same username again is not a new one
    expect((await limiter.attempt('9.9.9.9', 'zed')).retryAfterMs).toBe(0);
    await limiter.failed('9.9.9.9', 'zed');
    expect((await limiter.attempt('9.9.9.9', 'admin')).retryAfterMs).toBe(9000); // until "a" leaves the window
    expect((await limiter.attempt('8.8.8.8', 'admin')).retryAfterMs).toBe(0);
    await limiter.succeeded('9.9.9.9', 'zed'); // owning one account does not reset the address
    expect((await limiter.attempt('9.9.9.9', 'admin')).retryAfterMs).toBe(9000);
    advance(9000);
    expect((await limiter.attempt('9.9.9.9', 'admin')).retryAfterMs).toBe(0);
  });

  it('only delays an account that failed from many addresses, never refuses it', async () => {
    const { limiter, fail, advance } = limiterAt();
    for (let i = 0; i < 3; i++) await fail(`10.0.0.${i}`, 'admin');
    expect((await limiter.attempt('10.0.1.1', 'admin'))).toEqual({ retryAfterMs: 0, delayMs: 0 });
    await limiter.failed('10.0.1.1', 'admin');
    for (let i = 0; i < 20; i++) await fail(`10.0.2.${i}`, 'admin');
    expect((await limiter.attempt('10.0.1.2', 'admin'))).toEqual({ retryAfterMs: 0, delayMs: 50 });
    expect((await limiter.attempt('10.0.1.2', 'other'))).toEqual({ retryAfterMs: 0, delayMs: 0 });
    advance(10_000);
    expect((await limiter.attempt('10.0.1.3', 'admin'))).toEqual({ retryAfterMs: 0, delayMs: 0 });
  });

  it('counts IPv6 addresses by their /64 and IPv4-mapped addresses as IPv4', async () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2:bbbb:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('1::2:3:4:5:1.2.3.4')).toBe('1:0:2:3::/64');
    expect(addressGroup('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressGroup('10.1.2.3')).toBe('10.1.2.3');
    const { limiter, fail } = limiterAt();
    await fail('2001:db8:1:2::a', 'alice');
    await fail('2001:db8:1:2::b', 'alice');
    expect((await limiter.attempt('2001:db8:1:2::c', 'alice')).retryAfterMs).toBe(1000);
  });

  it('keeps at most MAX_KEYS pairs, dropping the least recent', async () => {
    const { limiter, fail } = limiterAt();
    await fail('1.1.1.1', 'first');
    await fail('1.1.1.1', 'first');
    for (let i = 0; i <= MAX_KEYS; i++) (await await limiter.attempt(`2.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 'x'));
    // The oldest pair was dropped: its count is gone.
    expect((await limiter.attempt('1.1.1.1', 'first')).retryAfterMs).toBe(0);
  });
});
