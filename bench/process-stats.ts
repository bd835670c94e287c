// Measuring another process from a benchmark: its memory from /proc, and percentiles of sorted timings.
import { readFileSync } from 'node:fs';

/** The value at percentile p (0–100) of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** kB as whole MB. */
export const mb = (kb: number) => (kb / 1024).toFixed(0);

/** VmRSS and VmHWM of a process, in kB. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}
