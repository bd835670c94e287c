import { PassThrough } from 'node:stream';
import type { JobProgress } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { hostPathScrubber } from './host-paths.ts';
import { LogStream } from './log-stream.ts';

function recorder() {
  const calls: ({ log: string } | { progress: JobProgress })[] = [];
  return {
    calls,
    sendLog: async (chunk: Buffer) => void calls.push({ log: chunk.toString() }),
    sendProgress: async (progress: JobProgress) => void calls.push({ progress }),
  };
}

describe('LogStream', () => {
  it('sends stdout and stderr in one batch per interval, the progress right after the batch that carried it', async () => {
    const sent = recorder();
    const stream = new LogStream({ ...sent, flushMs: 60_000, now: () => 42 });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const ended = Promise.all([stream.attach(stdout, 'stdout'), stream.attach(stderr, 'stderr')]);
    stdout.write('x  INFO Controler:1 ### ITERATION 0 BEGINS\nx  INFO MemoryObserver:42 used RAM: 10 MB  free: 5 MB  total: 15 MB\n');
    stdout.write('### ITERATION 1 BEG');
    stderr.write('corridor-engine: The plans file is missing.\n');
    stdout.end('INS\n');
    stderr.end();
    await ended;
    expect(sent.calls).toEqual([]); // nothing before the interval or the batch size
    await stream.close();
    expect(sent.calls).toHaveLength(2);
    const log = (sent.calls[0] as { log: string }).log;
    expect(log).toContain('ITERATION 0 BEGINS');
    expect(log).toContain('corridor-engine: The plans file is missing.');
    expect(log).toContain('### ITERATION 1 BEGINS');
    expect(sent.calls[1]).toEqual({
      progress: {
        iteration: 1,
        memory: [
          { time: 42, key: 'used', value: 10 * 1024 * 1024 },
          { time: 42, key: 'free', value: 5 * 1024 * 1024 },
          { time: 42, key: 'total', value: 15 * 1024 * 1024 },
        ],
      },
    });
    expect(stream.lastErrorLine).toBe('corridor-engine: The plans file is missing.');
    expect(stream.lastMemoryAt).toBe(42);
  });

  it('sends as soon as a batch is full, and flushes on the interval', async () => {
    const sent = recorder();
    const stream = new LogStream({ ...sent, flushMs: 50, batchBytes: 1000 });
    const stdout = new PassThrough();
    void stream.attach(stdout, 'stdout');
    stdout.write(`${'a'.repeat(1500)}\n`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent.calls).toEqual([{ log: `${'a'.repeat(1500)}\n` }]);
    stdout.write('small\n');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(sent.calls).toEqual([{ log: `${'a'.repeat(1500)}\n` }, { log: 'small\n' }]);
    stream.note('corridor-runner: done');
    await stream.close();
    expect(sent.calls.at(-1)).toEqual({ log: 'corridor-runner: done\n' });
  });

  it('scrubs host paths from the lines it sends, its notes and the error line it keeps', async () => {
    const sent = recorder();
    const scrub = hostPathScrubber('/srv/work/job-7', [{ path: '/srv/work', shown: '<runner>' }]);
    const stream = new LogStream({ ...sent, flushMs: 60_000, scrub });
    const stderr = new PassThrough();
    const ended = stream.attach(stderr, 'stderr');
    stderr.write("corridor-engine: ENOENT: no such file or directory, open '/srv/work/job-7/input/x.xml'\n");
    stderr.end('\tat java.base/java.io.FileInputStream.open0(/srv/work/job-70/Native Method)');
    await ended;
    stream.note('corridor-runner: node /srv/work/engines/a.jar /srv/work/job-7/input/corridor-working-config.xml');
    await stream.close();
    expect(sent.calls).toEqual([
      {
        log:
          "corridor-engine: ENOENT: no such file or directory, open './input/x.xml'\n" +
          '\tat java.base/java.io.FileInputStream.open0(<runner>/job-70/Native Method)' +
          'corridor-runner: node <runner>/engines/a.jar ./input/corridor-working-config.xml\n',
      },
    ]);
    expect(stream.lastErrorLine).toBe("corridor-engine: ENOENT: no such file or directory, open './input/x.xml'");
  });
});
