import type { RunDetails } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { canStop, chartsAvailable, formatDuration, iterationCount, runStatusView, stopPending } from './runStatus.ts';

type State = RunDetails['run'];
const base: State = {
  status: 'CREATED',
  currentIteration: -1,
  timestamp: '2026-01-01T10:00:00.000Z',
  external: false,
  events: [],
  postProcessRun: null,
  postProcessNetwork: null,
  postProcessVehicles: null,
  message: null,
  exitCode: null,
  waitingFor: null,
};
const started = { type: 'runStarted', status: 'STARTED', timestamp: '2026-01-01T10:00:05.000Z' };
const finished = { type: 'runFinished', status: 'FINISHED', timestamp: '2026-01-01T11:02:08.000Z' };

describe('run status text rules', () => {
  it('shows CREATED and SUBMITTED as scheduled', () => {
    expect(runStatusView(base)).toEqual({ kind: 'scheduled' });
    expect(runStatusView({ ...base, status: 'SUBMITTED' })).toEqual({ kind: 'scheduled' });
  });

  it('shows STARTED as started before the first iteration, then the current iteration with the start time', () => {
    expect(runStatusView({ ...base, status: 'STARTED', events: [started] })).toEqual({
      kind: 'started',
      startedAt: Date.parse(started.timestamp),
    });
    expect(runStatusView({ ...base, status: 'STARTED', currentIteration: 0, events: [started] })).toEqual({
      kind: 'iteration',
      iteration: 0,
      startedAt: Date.parse(started.timestamp),
    });
  });

  it('shows FINISHED with the iteration count and the duration from runStarted to runFinished', () => {
    expect(runStatusView({ ...base, status: 'FINISHED', currentIteration: 10, events: [started, finished] })).toEqual({
      kind: 'finished',
      iterations: 11,
      startedAt: Date.parse(started.timestamp),
      durationMs: 62 * 60_000 + 3_000,
    });
  });

  it('falls back to the status time when runFinished is missing, and no duration without runStarted', () => {
    const view = runStatusView({ ...base, status: 'FINISHED', currentIteration: 2, events: [], timestamp: finished.timestamp });
    expect(view).toEqual({ kind: 'finished', iterations: 3, startedAt: null, durationMs: null });
  });

  it('shows FAILED and CANCELLED with the reason, and a missing status as unknown', () => {
    expect(runStatusView({ ...base, status: 'FAILED', message: 'exit code 1' })).toEqual({ kind: 'failed', message: 'exit code 1' });
    expect(runStatusView({ ...base, status: 'CANCELLED' })).toEqual({ kind: 'cancelled', message: null });
    expect(runStatusView({ ...base, status: null })).toEqual({ kind: 'unknown' });
  });

  it('counts iterations from 0', () => {
    expect(iterationCount(-1)).toBe(0);
    expect(iterationCount(0)).toBe(1);
    expect(iterationCount(9)).toBe(10);
  });
});

describe('stop and charts', () => {
  it('offers stop while active and not external', () => {
    expect(canStop({ status: 'CREATED', external: false })).toBe(true);
    expect(canStop({ status: 'SUBMITTED', external: false })).toBe(true);
    expect(canStop({ status: 'STARTED', external: false })).toBe(true);
    expect(canStop({ status: 'STARTED', external: true })).toBe(false);
    expect(canStop({ status: 'FINISHED', external: false })).toBe(false);
    expect(canStop({ status: null, external: false })).toBe(false);
  });

  it('shows charts only after runStarted and once iterating', () => {
    expect(chartsAvailable({ events: [], currentIteration: 3 })).toBe(false);
    expect(chartsAvailable({ events: [started], currentIteration: -1 })).toBe(false);
    expect(chartsAvailable({ events: [started], currentIteration: 0 })).toBe(true);
  });
});

describe('durations', () => {
  it('reads like a clock', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5_400)).toBe('0:05');
    expect(formatDuration(754_000)).toBe('12:34');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(100 * 3_600_000)).toBe('100:00:00');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('the stop notice', () => {
  it('shows after Stop Run while the run is active and goes once its state is final', () => {
    expect(stopPending(true, { ...base, status: 'STARTED' })).toBe(true);
    expect(stopPending(true, { ...base, status: 'SUBMITTED' })).toBe(true);
    for (const status of ['CANCELLED', 'FAILED', 'FINISHED'] as const) expect(stopPending(true, { ...base, status })).toBe(false);
    expect(stopPending(false, { ...base, status: 'STARTED' })).toBe(false);
  });
});
