import { JOB_NOT_YOURS } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { NetworkError, ServerError } from '../client.ts';
import { JobReporter } from './reporter.ts';

const fast = { initialMs: 1, maxMs: 2 };

describe('JobReporter', () => {
  it('runs calls one after another in the order they were queued', async () => {
    const order: string[] = [];
    const reporter = new JobReporter({ backoff: fast, onLost: () => undefined, warn: () => undefined });
    const slow = reporter.call('first', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first');
    });
    const quick = reporter.call('second', async () => void order.push('second'));
    expect(await Promise.all([slow, quick])).toEqual(['ok', 'ok']);
    expect(order).toEqual(['first', 'second']);
  });

  it('retries while the server is unreachable and stops retrying at the attempt limit', async () => {
    const reporter = new JobReporter({ backoff: fast, onLost: () => undefined, warn: () => undefined });
    let tries = 0;
    const result = await reporter.call('log', async () => {
      if (++tries < 3) throw new NetworkError('ECONNREFUSED');
    });
    expect([result, tries]).toEqual(['ok', 3]);
    tries = 0;
    const limited = await reporter.call('upload', async () => {
      tries++;
      throw new ServerError(503, 'busy');
    }, { attempts: 4 });
    expect([limited, tries]).toEqual(['failed', 4]);
    // A server that cannot be reached at all (restarting) does not use up the attempts: the upload waits for it.
    tries = 0;
    const restarting = await reporter.call('upload', async () => {
      if (++tries < 7) throw new NetworkError('ECONNREFUSED');
    }, { attempts: 4 });
    expect([restarting, tries]).toEqual(['ok', 7]);
  });

  it('loses the job on 409 and skips every later call', async () => {
    const lost: string[] = [];
    const reporter = new JobReporter({ backoff: fast, onLost: (reason) => lost.push(reason), warn: () => undefined });
    expect(await reporter.call('log', async () => Promise.reject(new ServerError(409, JOB_NOT_YOURS)))).toBe('lost');
    let called = false;
    expect(await reporter.call('finish', async () => void (called = true))).toBe('lost');
    expect(called).toBe(false);
    expect(lost).toEqual([`log: ${JOB_NOT_YOURS}`]);
  });

  it('counts a server unreachable for longer than retryForMs as losing the job', async () => {
    const lost: string[] = [];
    const reporter = new JobReporter({ backoff: fast, retryForMs: 30, onLost: (reason) => lost.push(reason), warn: () => undefined });
    expect(await reporter.call('progress', async () => Promise.reject(new NetworkError('ETIMEDOUT')))).toBe('lost');
    expect(lost[0]).toMatch(/stayed unreachable/);
  });

  it('gives up at once when the runner gives up on the server: the waiting call and later ones end lost', async () => {
    const lost: string[] = [];
    const reporter = new JobReporter({ backoff: { initialMs: 60_000, maxMs: 60_000 }, onLost: (reason) => lost.push(reason), warn: () => undefined });
    const waiting = reporter.call('log', async () => Promise.reject(new NetworkError('ECONNREFUSED')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    reporter.giveUp('the server stayed unreachable');
    expect(await waiting).toBe('lost');
    expect(await reporter.call('finish', async () => undefined)).toBe('lost');
    expect(lost).toEqual(['the server stayed unreachable']);
  });

  it('does not retry a refused call (400) and keeps the job', async () => {
    const warnings: string[] = [];
    const reporter = new JobReporter({ backoff: fast, onLost: () => undefined, warn: (m) => warnings.push(m) });
    expect(await reporter.call('progress', async () => Promise.reject(new ServerError(400, 'bad body')))).toBe('failed');
    expect(reporter.lost).toBe(false);
    expect(warnings).toEqual(['progress failed: bad body']);
  });
});
