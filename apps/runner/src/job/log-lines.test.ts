import { describe, expect, it } from 'vitest';
import { isErrorLine, iterationOf, LineSplitter, memoryOf } from './log-lines.ts';

const MB = 1024 * 1024;

describe('log lines', () => {
  it('reads the iteration from MATSim and built-in engine lines', () => {
    expect(iterationOf('2024-08-30T08:26:39,924  INFO AbstractController:200 ### ITERATION 12 BEGINS')).toBe(12);
    expect(iterationOf('2026-11-21T14:00:00,001  INFO Controler:0 ### ITERATION 0 BEGINS')).toBe(0);
    expect(iterationOf('### ITERATION 3 ENDS')).toBeUndefined();
    expect(iterationOf('the ITERATION count')).toBeUndefined();
  });

  it('reads MemoryObserver lines as used/free/total in bytes', () => {
    const line = '2024-08-30T08:26:40,001  INFO MemoryObserver:42 used RAM: 1234 MB  free: 567 MB  total: 1801 MB';
    expect(memoryOf(line, 1000)).toEqual([
      { time: 1000, key: 'used', value: 1234 * MB },
      { time: 1000, key: 'free', value: 567 * MB },
      { time: 1000, key: 'total', value: 1801 * MB },
    ]);
    expect(memoryOf('used RAM: lots', 1)).toBeUndefined();
  });

  it('picks error lines, not stack frames or JVM warnings', () => {
    expect(isErrorLine('corridor-engine: The network file /x/network.xml does not exist.', 'stderr')).toBe(true);
    expect(isErrorLine('2024-08-30T08:26:40,001 ERROR Controler:12 Mobsim did not start', 'stdout')).toBe(true);
    expect(isErrorLine('2024-08-30T08:26:40,001  INFO Controler:12 all fine', 'stdout')).toBe(false);
    expect(isErrorLine('\tat org.matsim.core.controler.Controler.run(Controler.java:1)', 'stderr')).toBe(false);
    expect(isErrorLine('... 12 more', 'stderr')).toBe(false);
    expect(isErrorLine('WARNING: An illegal reflective access operation has occurred', 'stderr')).toBe(false);
    expect(isErrorLine('', 'stderr')).toBe(false);
  });

  it('splits chunks into lines across chunk borders and CRLF', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    splitter.push('### ITERA');
    splitter.push('TION 1 BEGINS\r\nsecond');
    splitter.push(' line\nthird');
    expect(lines).toEqual(['### ITERATION 1 BEGINS', 'second line']);
    splitter.end();
    expect(lines).toEqual(['### ITERATION 1 BEGINS', 'second line', 'third']);
  });
});
