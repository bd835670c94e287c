/**
 * Series values (spec 1 §9): 6 significant digits when the absolute value is under 10, else 5; trailing zeros
 * trimmed. Large numbers keep their integer digits as zeros (123456.7 → "123460").
 */
export function formatSeriesValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const digits = Math.abs(value) < 10 ? 6 : 5;
  const rounded = Number(value.toPrecision(digits));
  // toPrecision may answer in exponent form; Number → String trims zeros and writes plain digits where it can.
  return String(rounded);
}
