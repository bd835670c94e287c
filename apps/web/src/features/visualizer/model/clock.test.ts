import { describe, expect, test, vi } from 'vitest';
import { createClock } from './clock.ts';

describe('visualizer clock', () => {
  test('moves only while playing, at the chosen speed, wrapping around, and tells its listeners', () => {
    const clock = createClock({ time: 86_390, playing: false, speedIndex: 6 });
    const listener = vi.fn();
    clock.subscribe(listener);
    clock.tick(1000);
    expect(clock.get().time).toBe(86_390);
    clock.set({ playing: true });
    clock.tick(1000);
    expect(clock.get().time).toBe(20);
    clock.set({ time: -5 });
    expect(clock.get().time).toBe(86_395);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
