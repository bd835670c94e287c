/**
 * Times of the line tab (spec 2 §2 "Time profile, departures and network route"): inputs accept seconds, HH:MM or
 * HH:MM:SS; anything else gives 0. Hours may pass 24 (MATSim schedules run past midnight); minutes and seconds
 * must be below 60.
 */

const SECONDS = /^\d+(\.\d+)?$/;
const CLOCK = /^(\d+):(\d{1,2})(?::(\d{1,2}(?:\.\d+)?))?$/;

/** Seconds from "3600", "01:00" or "01:00:00"; anything else (empty, negative, "1h", "12:75") is 0. */
export function parseTime(input: string | number): number {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input : 0;
  const text = input.trim();
  if (SECONDS.test(text)) return Number(text);
  const clock = CLOCK.exec(text);
  if (!clock) return 0;
  const hours = Number(clock[1]);
  const minutes = Number(clock[2]);
  const seconds = clock[3] === undefined ? 0 : Number(clock[3]);
  if (minutes >= 60 || seconds >= 60) return 0;
  return hours * 3600 + minutes * 60 + seconds;
}

const two = (value: number) => String(value).padStart(2, '0');

/** HH:MM:SS (rounded to whole seconds; hours past 24 stay as they are). */
export function formatTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

/** HH:MM (seconds dropped). */
export function formatHourMinute(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}`;
}
