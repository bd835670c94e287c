import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iterationOf, logTimeOf, memoryOf, summarizeLog } from './index.ts';

const SHARED = path.resolve(import.meta.dirname, '../../../../../shared/data');

describe('MATSim log lines', () => {
  it('reads iterations, memory and time stamps', () => {
    expect(iterationOf('2024-08-30T08:26:40,001  INFO AbstractController:211 ### ITERATION 3 BEGINS')).toBe(3);
    expect(iterationOf('nothing here')).toBeUndefined();
    expect(memoryOf('x used RAM: 55 MB  free: 21 MB  total: 77 MB', 5)).toEqual([
      { time: 5, key: 'used', value: 55 * 1024 * 1024 },
      { time: 5, key: 'free', value: 21 * 1024 * 1024 },
      { time: 5, key: 'total', value: 77 * 1024 * 1024 },
    ]);
    expect(logTimeOf('2024-08-30T08:26:39,940  INFO MemoryObserver:42')).toBe(Date.UTC(2024, 7, 30, 8, 26, 39, 940));
    expect(logTimeOf('2024-08-30 08:26:39.9 INFO')).toBe(Date.UTC(2024, 7, 30, 8, 26, 39, 900));
    expect(logTimeOf('\tat org.matsim.Foo')).toBeUndefined();
  });

  it("summarizes equil's logfile.log: first and last stamps, iteration 10, one memory reading", async () => {
    const summary = await summarizeLog(path.join(SHARED, 'output-equil-2024/logfile.log'));
    expect(summary.first).toBe(Date.UTC(2024, 7, 30, 8, 26, 39, 924));
    expect(summary.last).toBe(Date.UTC(2024, 7, 30, 8, 26, 50, 245));
    expect(summary.lastIteration).toBe(10);
    expect(summary.memory.map((m) => [m.key, m.value / 1024 / 1024])).toEqual([['used', 55], ['free', 21], ['total', 77]]);
  });

  it('keeps the memory readings to the bound and handles a last line without a newline', async () => {
    const text = ['2024-01-01T00:00:00,000 used RAM: 1 MB  free: 1 MB  total: 2 MB', '2024-01-01T00:00:01,000 used RAM: 1 MB  free: 1 MB  total: 2 MB'].join('\n');
    const summary = await summarizeLog(new TextEncoder().encode(text), { maxMemoryPoints: 1 });
    expect(summary.memory).toHaveLength(3);
    expect(summary.last).toBe(Date.UTC(2024, 0, 1, 0, 0, 1));
  });
});
