/** "2 days, 3 hr, 4 min" in the reader's language: whole days, hours and minutes (seconds only under a minute). */
export function formatUptime(seconds: number, language: string): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (seconds < 60) return unit(Math.floor(seconds), 'second');
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts: string[] = [];
  if (days > 0) parts.push(unit(days, 'day'));
  if (days > 0 || hours > 0) parts.push(unit(hours, 'hour'));
  parts.push(unit(minutes, 'minute'));
  return parts.join(', ');
}
