/**
 * The global clock (spec 3 §4 "Time control"): time, playing or stopped, speed. A small store outside React so the
 * animation loop reads and moves it every frame without rendering the page; the timeline subscribes to it.
 */
import { VIS_SPEEDS } from '@corridor/contract';
import { advance, wrapTime } from './time.ts';

export interface ClockState {
  time: number;
  playing: boolean;
  speedIndex: number;
}

export interface Clock {
  get(): ClockState;
  set(change: Partial<ClockState>): void;
  /** Moves the time by `elapsedMs` of real time when playing. */
  tick(elapsedMs: number): void;
  subscribe(listener: () => void): () => void;
}

export function createClock(initial: ClockState): Clock {
  let state = initial;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    get: () => state,
    set(change) {
      state = { ...state, ...change, ...(change.time !== undefined ? { time: wrapTime(change.time) } : {}) };
      emit();
    },
    tick(elapsedMs) {
      if (!state.playing) return;
      state = { ...state, time: advance(state.time, elapsedMs, VIS_SPEEDS[state.speedIndex] ?? 1) };
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
