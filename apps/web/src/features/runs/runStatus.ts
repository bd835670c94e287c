import type { JobStatus, RunDetails, RunEvent } from '@corridor/contract';

/** What the run card says (spec 1 §4): one kind per status, with the numbers the text needs. */
export type RunStatusView =
  | { kind: 'scheduled' }
  | { kind: 'started'; startedAt: number | null }
  | { kind: 'iteration'; iteration: number; startedAt: number | null }
  | { kind: 'finished'; iterations: number; startedAt: number | null; durationMs: number | null }
  | { kind: 'failed'; message: string | null }
  | { kind: 'cancelled'; message: string | null }
  | { kind: 'unknown' };

/** The time of the newest event of a type (runStarted, runFinished), or null. */
export function eventTime(events: readonly RunEvent[], type: string): number | null {
  let newest: number | null = null;
  for (const event of events) {
    if (event.type !== type) continue;
    const time = Date.parse(event.timestamp);
    if (!Number.isNaN(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

/** Number of iterations run: MATSim counts from 0, so the last iteration n means n + 1 iterations. */
export function iterationCount(currentIteration: number): number {
  return currentIteration < 0 ? 0 : currentIteration + 1;
}

/**
 * The status text rules: CREATED/SUBMITTED "Scheduled"; STARTED "Started" or "Current iteration: n" (with the
 * elapsed time from the runStarted event); FINISHED with iteration count, duration and start date; FAILED and
 * CANCELLED with the run's message; anything else unknown.
 */
export function runStatusView(run: Pick<RunDetails['run'], 'status' | 'currentIteration' | 'events' | 'message' | 'timestamp'>): RunStatusView {
  const status: JobStatus | null = run.status;
  const startedAt = eventTime(run.events, 'runStarted');
  switch (status) {
    case 'CREATED':
    case 'SUBMITTED':
      return { kind: 'scheduled' };
    case 'STARTED':
      return run.currentIteration >= 0
        ? { kind: 'iteration', iteration: run.currentIteration, startedAt }
        : { kind: 'started', startedAt };
    case 'FINISHED': {
      const finishedAt = eventTime(run.events, 'runFinished') ?? Date.parse(run.timestamp);
      const durationMs = startedAt !== null && !Number.isNaN(finishedAt) ? Math.max(0, finishedAt - startedAt) : null;
      return { kind: 'finished', iterations: iterationCount(run.currentIteration), startedAt, durationMs };
    }
    case 'FAILED':
      return { kind: 'failed', message: run.message };
    case 'CANCELLED':
      return { kind: 'cancelled', message: run.message };
    default:
      return { kind: 'unknown' };
  }
}

/** A run can be stopped while CREATED, SUBMITTED or STARTED and not external (spec 1 §4). */
export function canStop(run: Pick<RunDetails['run'], 'status' | 'external'>): boolean {
  return !run.external && (run.status === 'CREATED' || run.status === 'SUBMITTED' || run.status === 'STARTED');
}

/**
 * The "will be stopped as soon as possible" notice after Stop Run: only while the run has not reached a final state
 * (once it is CANCELLED, FAILED or FINISHED the status card says what happened; issue 26).
 */
export function stopPending(stopRequested: boolean, run: Pick<RunDetails['run'], 'status' | 'external'>): boolean {
  return stopRequested && canStop(run);
}

/** Charts show once a runStarted event exists and the run iterates (spec 1 §4). */
export function chartsAvailable(run: Pick<RunDetails['run'], 'events' | 'currentIteration'>): boolean {
  return run.currentIteration !== -1 && run.events.some((event) => event.type === 'runStarted');
}

/** A duration as a clock: "0:05", "12:34", "1:02:03" (hours grow without a day part). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
