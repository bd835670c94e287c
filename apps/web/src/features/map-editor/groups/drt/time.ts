/** Operating hours of DRT vehicles (spec 2 §9): seconds of the day shown as HH:MM:SS; hours may pass 24. */

const CLOCK = /^(\d+):(\d{1,2})(?::(\d{1,2}))?$/;
const two = (value: number) => String(value).padStart(2, '0');

/** HH:MM:SS (whole seconds; hours past 24 stay as they are). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

/** Seconds from "HH:MM:SS" or "HH:MM"; undefined for anything else (the form then says so). */
export function parseClock(input: string): number | undefined {
  const clock = CLOCK.exec(input.trim());
  if (!clock) return undefined;
  const minutes = Number(clock[2]);
  const seconds = clock[3] === undefined ? 0 : Number(clock[3]);
  if (minutes >= 60 || seconds >= 60) return undefined;
  return Number(clock[1]) * 3600 + minutes * 60 + seconds;
}
