import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

describe('LoginLimiter', () => {
  const limits = { perUsername: 2, perIp: 3, windowMs: 1000 };

  it('counts per username case-insensitively and forgets failures after the window', () => {
    let now = 0;
    const limiter = new LoginLimiter(limits, () => now);
    limiter.recordFailure('1.1.1.1', 'Alice');
    now = 400;
    limiter.recordFailure('2.2.2.2', 'alice ');
    expect(limiter.retryAfterMs('3.3.3.3', 'ALICE')).toBe(600); // until the first failure leaves the window
    now = 1001;
    expect(limiter.retryAfterMs('3.3.3.3', 'alice')).toBe(0);
  });

  it('counts per address across usernames, and a success does not reset the address', () => {
    const limiter = new LoginLimiter(limits, () => 0);
    for (const name of ['a', 'b', 'c']) limiter.recordFailure('9.9.9.9', name);
    limiter.recordSuccess('a');
    expect(limiter.retryAfterMs('9.9.9.9', 'd')).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('8.8.8.8', 'd')).toBe(0);
  });
});
