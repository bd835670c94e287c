/**
 * The time control (spec 3 §4 "Time control", §9): a clock between 0 and 86400 s that wraps around, hour ticks,
 * HH:MM:SS, and the speeds (× real time).
 */
import { VIS_DAY_SECONDS, VIS_DEFAULT_SPEED_INDEX, VIS_SPEEDS } from '@corridor/contract';

/** The time wrapped into [0, 86400). */
export function wrapTime(seconds: number): number {
  const wrapped = seconds % VIS_DAY_SECONDS;
  return wrapped < 0 ? wrapped + VIS_DAY_SECONDS : wrapped;
}

/** The clock after `elapsedMs` of real time at `speed` × real time, wrapped around. */
export function advance(time: number, elapsedMs: number, speed: number): number {
  return wrapTime(time + (elapsedMs / 1000) * speed);
}

/** HH:MM:SS of a time in seconds (whole seconds, hours may pass 24 for times past midnight). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

/** The slider's marks: one per hour, labelled every `labelEvery` hours. */
export function hourTicks(labelEvery = 3): { value: number; label?: string }[] {
  const ticks: { value: number; label?: string }[] = [];
  for (let hour = 0; hour <= VIS_DAY_SECONDS / 3600; hour++) {
    ticks.push(hour % labelEvery === 0 ? { value: hour * 3600, label: `${String(hour).padStart(2, '0')}:00` } : { value: hour * 3600 });
  }
  return ticks;
}

/** A speed index from the address, else the default (30×). */
export function speedIndex(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return VIS_DEFAULT_SPEED_INDEX;
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < VIS_SPEEDS.length ? index : VIS_DEFAULT_SPEED_INDEX;
}

/** 'Sync with global time': the fixed window of `size` seconds that holds the time. */
export function syncedWindow(time: number, size: number): { from: number; to: number } {
  const from = Math.floor(wrapTime(time) / size) * size;
  return { from, to: from + size };
}

/**
 * Seconds of a typed clock time, H:MM or H:MM:SS (minutes and seconds below 60), within 0–86400; null when it is not
 * one (the custom time filter's inputs).
 */
export function parseClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (minutes >= 60 || seconds >= 60) return null;
  const total = hours * 3600 + minutes * 60 + seconds;
  return total <= VIS_DAY_SECONDS ? total : null;
}
