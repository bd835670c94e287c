/** MATSim writes numbers the way Java prints them; these keep written files identical in spirit. */

/**
 * Java's `Double.toString`: integral values get `.0` (`3600.0`), very small or large magnitudes use
 * `1.0E-4` / `1.0E7` scientific notation, and NaN / ±∞ are written as MATSim writes them (`NaN`, `INF`, `-INF`).
 */
export function formatJavaDouble(value: number): string {
  // Whole numbers below 10^7 (every event time): Java writes them with `.0`.
  if ((value | 0) === value && value < 1e7 && value > -1e7 && value !== 0) return `${value}.0`;
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') || text.includes('e') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  const m = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${m}E${exponent.replace('+', '')}`;
}

/** Reads a number as MATSim writes it (`INF`, `-INF`, `Infinity`, `NaN` included). Returns NaN for junk. */
export function parseMatsimNumber(text: string): number {
  const trimmed = text.trim();
  switch (trimmed) {
    case 'INF':
    case 'Infinity':
      return Infinity;
    case '-INF':
    case '-Infinity':
      return -Infinity;
    case 'NaN':
      return NaN;
    case '':
      return NaN;
    default:
      return Number(trimmed);
  }
}
