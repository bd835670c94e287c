import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorText, formatLogLine, memoryMessage, openLog } from './log.ts';

const MATSIM_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d,\d{3} {1,2}(INFO|WARN|ERROR) \S+:\d+ .*$/;

describe('engine log', () => {
  it('formats lines like log4j %d{ISO8601} %5p %C{1}:%L %m%n', () => {
    const date = new Date(2024, 7, 30, 8, 26, 40, 166);
    expect(formatLogLine(date, 'INFO', 'AbstractController:137', '### ITERATION 0 BEGINS')).toBe(
      '2024-08-30T08:26:40,166  INFO AbstractController:137 ### ITERATION 0 BEGINS\n',
    );
    expect(formatLogLine(date, 'ERROR', 'X:1', 'm')).toBe('2024-08-30T08:26:40,166 ERROR X:1 m\n');
  });

  it('writes MemoryObserver figures in MATSim words', () => {
    expect(memoryMessage({ heapUsed: 50 * 2 ** 20, heapTotal: 70 * 2 ** 20, external: 5 * 2 ** 20, rss: 0, arrayBuffers: 0 })).toBe(
      'used RAM: 55 MB  free: 20 MB  total: 75 MB',
    );
  });

  it('writes all lines to logfile.log and warnings/errors also to logfileWarningsErrors.log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-log-'));
    const echoed: string[] = [];
    const log = openLog(dir, { echo: (line) => echoed.push(line) });
    log.info('AbstractController:137', '### ITERATION 0 BEGINS');
    log.memory();
    log.warn('Controler:1', 'careful');
    log.close();
    const all = readFileSync(join(dir, 'logfile.log'), 'utf8').trimEnd().split('\n');
    expect(all).toHaveLength(3);
    for (const line of all) expect(line).toMatch(MATSIM_LINE);
    expect(all[1]).toMatch(/MemoryObserver:42 used RAM: \d+ MB {2}free: \d+ MB {2}total: \d+ MB$/);
    expect(readFileSync(join(dir, 'logfileWarningsErrors.log'), 'utf8')).toMatch(/^\S+ {2}WARN Controler:1 careful\n$/);
    expect(echoed).toHaveLength(3);
  });

  it('shows an error by its message; its stack with source paths only with CORRIDOR_DEBUG', () => {
    const error = new Error('The plans file is missing.');
    expect(errorText(error, {})).toBe('The plans file is missing.');
    expect(errorText(error, { CORRIDOR_DEBUG: '1' })).toMatch(/^Error: The plans file is missing\.\n\s+at .*log\.test\.ts/);
    expect(errorText('plain', {})).toBe('plain');
  });
});
