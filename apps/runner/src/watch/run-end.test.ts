import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunEndDetector, UNEXPECTED_SHUTDOWN } from './run-end.ts';

const SHARED = path.resolve(import.meta.dirname, '../../../../../shared/data');
const feed = (lines: string[]) => {
  const detector = new RunEndDetector();
  for (const line of lines) detector.push(line);
  return detector;
};

describe('RunEndDetector', () => {
  it('reads the end of real MATSim logs (2022, 2024, 2026) as FINISHED only at their last shutdown line', () => {
    for (const run of ['output-equil-2022-txt', 'output-equil-2024', 'output-equil-2026-zst']) {
      const lines = readFileSync(path.join(SHARED, run, 'logfile.log'), 'utf8').split('\n');
      const completedAt = lines.findIndex((l) => l.includes('shutdown completed'));
      expect(feed(lines.slice(0, completedAt)).ended, run).toBeUndefined();
      expect(feed(lines).ended, run).toEqual({ status: 'FINISHED' });
    }
  });

  it('reads an unexpected shutdown as FAILED with the exception that caused it', () => {
    const detector = feed([
      '2021-04-21T16:05:55,260  INFO MatsimRuntimeModifications:80 S H U T D O W N   ---   start shutdown.',
      '2021-04-21T16:05:55,265 ERROR MatsimRuntimeModifications:81 ERROR --- This is an unexpected shutdown!',
      '2021-04-21T16:05:55,265 ERROR MatsimRuntimeModifications:84 Shutdown possibly caused by the following Exception:',
      'java.lang.IllegalStateException: This handler should have been unregistered on AfterMobsimEvent',
      '\tat org.example.Handler.handleEvent(Handler.java:12)',
    ]);
    expect(detector.ended).toBeUndefined();
    expect(detector.failed).toBe(true);
    detector.push('2021-04-21T16:05:55,300  INFO MatsimRuntimeModifications:103 S H U T D O W N   ---   shutdown completed.');
    expect(detector.ended).toEqual({
      status: 'FAILED',
      message: `${UNEXPECTED_SHUTDOWN}: java.lang.IllegalStateException: This handler should have been unregistered on AfterMobsimEvent`,
    });
  });
});
