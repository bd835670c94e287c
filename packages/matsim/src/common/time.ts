/** MATSim times (`core/utils/misc/Time.java`): `HH:MM:SS` (hours may exceed 24), `HH:MM` or plain seconds. */

/** Seconds since midnight, or undefined for an empty or `undefined` value. NaN when the text is not a time. */
export function parseTime(text: string | undefined | null): number | undefined {
  if (text === undefined || text === null) return undefined;
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'undefined') return undefined;
  const negative = trimmed.startsWith('-');
  const body = negative ? trimmed.slice(1) : trimmed;
  const parts = body.split(':');
  let seconds: number;
  if (parts.length === 1) seconds = Number(parts[0]);
  else if (parts.length === 2) seconds = Number(parts[0]) * 3600 + Number(parts[1]) * 60;
  else if (parts.length === 3) seconds = Number(parts[0]) * 3600 + Number(parts[1]) * 60 + Number(parts[2]);
  else return NaN;
  if (parts.some((p) => p === '' || !/^\d+(\.\d+)?$/.test(p))) return NaN;
  return negative ? -seconds : seconds;
}

/** `HH:MM:SS` with fractions truncated, as MATSim writes times; undefined → `undefined`. */
export function formatTime(seconds: number | undefined): string {
  if (seconds === undefined || Number.isNaN(seconds)) return 'undefined';
  const negative = seconds < 0;
  let rest = Math.trunc(Math.abs(seconds));
  const h = Math.floor(rest / 3600);
  rest -= h * 3600;
  const m = Math.floor(rest / 60);
  const s = rest - m * 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${negative ? '-' : ''}${two(h)}:${two(m)}:${two(s)}`;
}
