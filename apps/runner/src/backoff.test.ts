import { describe, expect, it } from 'vitest';
import { Backoff, nominalDelay, sleep } from './backoff.ts';

describe('backoff', () => {
  it('doubles from 0.5 s up to 30 s', () => {
    const delays = Array.from({ length: 9 }, (_, attempt) => nominalDelay(attempt));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('jitters each delay by at most ±20 % and never beyond the maximum', () => {
    const low = new Backoff({ random: () => 0 });
    const high = new Backoff({ random: () => 0.999999 });
    const middle = new Backoff({ random: () => 0.5 });
    expect([low.next(), low.next(), low.next()]).toEqual([400, 800, 1600]);
    expect([high.next(), high.next(), high.next()]).toEqual([600, 1200, 2400]);
    expect([middle.next(), middle.next()]).toEqual([500, 1000]);
    for (let i = 0; i < 10; i++) high.next();
    expect(high.next()).toBe(30000);
  });

  it('starts over after reset', () => {
    const backoff = new Backoff({ random: () => 0.5 });
    backoff.next();
    backoff.next();
    expect(backoff.attempts).toBe(2);
    backoff.reset();
    expect(backoff.next()).toBe(500);
  });

  it('sleeps until the time is up or the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    await sleep(10_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
