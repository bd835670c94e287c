/**
 * What the runner reads from a run's output: MATSim's "ITERATION n BEGINS" (AbstractController) and MemoryObserver
 * lines ("used RAM: 1234 MB  free: 567 MB  total: 2048 MB", parsed in @corridor/matsim), and the last line that
 * looks like an error.
 */
// The iteration and MemoryObserver parsers live with the other MATSim readers (the server reads imported logs too).
export { iterationOf, memoryOf } from '@corridor/matsim';

/**
 * Whether a line reads like the reason a run failed: a log line of level ERROR, or a line on stderr that is not
 * part of a stack trace ("\tat …", "... 12 more") and not a JVM warning.
 */
export function isErrorLine(line: string, stream: 'stdout' | 'stderr'): boolean {
  if (line.trim() === '') return false;
  if (/^\s*(ERROR|FATAL)\b|\s(ERROR|FATAL)\s/.test(line)) return true;
  if (stream !== 'stderr') return false;
  if (/^\s/.test(line) || /^\.\.\. \d+ more/.test(line)) return false;
  return !/^(WARNING|Picked up|OpenJDK .*[Ww]arning)/.test(line);
}

/** Splits a byte stream into lines (LF or CRLF), keeping the unfinished tail for the next chunk. */
export class LineSplitter {
  private tail = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: string): void {
    const text = this.tail + chunk;
    const lines = text.split('\n');
    this.tail = lines.pop() ?? '';
    for (const line of lines) this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    // A line longer than 1 MB without a newline is not a log line worth parsing; let it go.
    if (this.tail.length > 1024 * 1024) this.tail = '';
  }

  end(): void {
    if (this.tail) this.onLine(this.tail);
    this.tail = '';
  }
}
