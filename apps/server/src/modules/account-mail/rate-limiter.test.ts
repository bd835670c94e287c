import { describe, expect, it } from 'vitest';
import { MailRateLimiter } from './rate-limiter.ts';

describe('mail rate limiter', () => {
  const policy = { perAddress: 2, perClient: 3, windowMs: 1000 };

  it('limits one target address from any client, case-insensitively, until the window moves on', async () => {
    let now = 0;
    const limiter = new MailRateLimiter(policy, () => now);
    expect(await limiter.take('10.0.0.1', 'ada@example.org')).toBe(0);
    now = 100;
    expect(await limiter.take('10.0.0.2', 'ADA@example.org ')).toBe(0);
    expect(await limiter.take('10.0.0.3', 'ada@example.org')).toBe(900);
    now = 1001;
    expect(await limiter.take('10.0.0.3', 'ada@example.org')).toBe(0);
  });

  it('limits one client across addresses (an IPv6 client by its /64); refused requests do not count', async () => {
    const now = 0;
    const limiter = new MailRateLimiter(policy, () => now);
    expect(await limiter.take('2001:db8::1', 'a@x.org')).toBe(0);
    expect(await limiter.take('2001:db8::2', 'b@x.org')).toBe(0);
    expect(await limiter.take('2001:db8::3', 'c@x.org')).toBe(0);
    expect(await limiter.take('2001:db8::4', 'd@x.org')).toBe(1000);
    expect(await limiter.take('2001:db9::1', 'd@x.org')).toBe(0);
  });
});
