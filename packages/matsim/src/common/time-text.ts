/**
 * Writing times so a read → write → read round trip keeps them: `formatTime` truncates fractions as MATSim does,
 * which would silently change a fractional value, and rewriting `06:00` as `06:00:00` loses the file's text.
 */
import { formatTime, parseTime } from './time.ts';

/** `HH:MM:SS` as MATSim writes it, plus the fraction (`06:00:00.5`) when the value has one, so it survives. */
export function writeTime(seconds: number): string {
  const whole = formatTime(seconds);
  if (Number.isInteger(seconds) || !Number.isFinite(seconds)) return whole;
  const text = String(Math.abs(seconds));
  const dot = text.indexOf('.');
  // Exponent forms (tiny fractions) have no plain decimal part to append; fall back to seconds, which parse back.
  if (dot < 0 || text.includes('e')) return String(seconds);
  return `${whole}${text.slice(dot)}`;
}

/** The text the file had when it still means `seconds`, else `writeTime(seconds)`; undefined stays undefined. */
export function timeText(seconds: number | undefined, raw: string | undefined): string | undefined {
  if (raw !== undefined && sameTime(parseTime(raw), seconds)) return raw;
  return seconds === undefined ? undefined : writeTime(seconds);
}

function sameTime(a: number | undefined, b: number | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && Number.isNaN(a) && Number.isNaN(b));
}
