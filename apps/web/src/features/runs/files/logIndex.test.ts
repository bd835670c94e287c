import { describe, expect, it } from 'vitest';
import { iterationMarks, segmentsAt } from './logIndex.ts';

const LOG = [
  '2026-01-01 12:00:00,000  INFO Controler: starting',
  '2026-01-01 12:00:01,000  INFO AbstractController$9:  ### ITERATION 0 BEGINS',
  'mobsim …',
  '2026-01-01 12:00:05,000  INFO AbstractController$9:  ### ITERATION 1 BEGINS',
  'done',
].join('\n');

describe('log "Jump to…" index', () => {
  it('finds each iteration at the start of its line', () => {
    const marks = iterationMarks(LOG);
    expect(marks.map((mark) => mark.iteration)).toEqual([0, 1]);
    for (const mark of marks) expect(LOG.slice(mark.offset)).toMatch(/^2026-01-01 12:00:0[15],000 {2}INFO AbstractController\$9: {2}### ITERATION \d BEGINS/);
  });

  it('handles the first line, repeated iterations and logs without iterations', () => {
    expect(iterationMarks('ITERATION 7 BEGINS\nx\nITERATION 7 BEGINS')).toEqual([{ iteration: 7, offset: 0 }]);
    expect(iterationMarks('no iterations here')).toEqual([]);
    expect(iterationMarks('ITERATION 10 ENDS')).toEqual([]);
  });

  it('cuts the text into segments that join back to it', () => {
    const marks = iterationMarks(LOG);
    const segments = segmentsAt(LOG, marks);
    expect(segments).toHaveLength(3);
    expect(segments.join('')).toBe(LOG);
    expect(segments[1]).toMatch(/ITERATION 0 BEGINS\nmobsim …\n$/);
  });

  it('indexes a 2 MB log quickly', () => {
    const line = '2026-01-01 12:00:00,000  INFO QNetsimEngine: some mobsim output that is long enough\n';
    const parts: string[] = [];
    for (let i = 0; i < 100; i++) parts.push(`### ITERATION ${i} BEGINS\n`, line.repeat(250));
    const big = parts.join('');
    const started = performance.now();
    const marks = iterationMarks(big);
    segmentsAt(big, marks);
    expect(marks).toHaveLength(100);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
