/**
 * MATSim log lines (logfile.log, or a run's stdout): "ITERATION n BEGINS" (AbstractController), MemoryObserver's
 * "used RAM: 1234 MB  free: 567 MB  total: 2048 MB", and the log4j time stamp that starts each line
 * ("2024-08-30T08:26:39,940  INFO …"). Shared by the runner (live) and the server (imported runs).
 */

const ITERATION = /ITERATION (-?\d+) BEGINS/;
const MEMORY = /used RAM: (\d+(?:\.\d+)?) ?MB\s+free: (\d+(?:\.\d+)?) ?MB\s+total: (\d+(?:\.\d+)?) ?MB/;
const STAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[,.](\d{1,3}))?/;
const MB = 1024 * 1024;

export interface MemoryPoint {
  /** Milliseconds since the epoch. */
  time: number;
  key: 'used' | 'free' | 'total';
  /** Bytes. */
  value: number;
}

/** The iteration a line starts, or undefined. */
export function iterationOf(line: string): number | undefined {
  const match = ITERATION.exec(line);
  return match ? Number(match[1]) : undefined;
}

/** The used/free/total readings (bytes) of a MemoryObserver line at `time`, or undefined. */
export function memoryOf(line: string, time: number): MemoryPoint[] | undefined {
  const match = MEMORY.exec(line);
  if (!match) return undefined;
  const [, used, free, total] = match;
  return [
    { time, key: 'used', value: Number(used) * MB },
    { time, key: 'free', value: Number(free) * MB },
    { time, key: 'total', value: Number(total) * MB },
  ];
}

/**
 * The time stamp a log4j line starts with (ms since the epoch), or undefined. MATSim writes the local time without
 * a zone; it is read as UTC (the machine's zone is not in the file).
 */
export function logTimeOf(line: string): number | undefined {
  const match = STAMP.exec(line);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, ms] = match.map(Number) as number[];
  const time = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, Number.isFinite(ms) ? Number(match[7]!.padEnd(3, '0')) : 0);
  return Number.isNaN(time) ? undefined : time;
}
