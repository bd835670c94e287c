/** One pass over a finished run's logfile.log: first and last time stamps, the last iteration, the memory readings. */
import { openInput, type Input, type InputOptions } from '../io/input.ts';
import { iterationOf, logTimeOf, memoryOf, type MemoryPoint } from './lines.ts';

export interface LogSummary {
  /** The first and last time stamps (ms since the epoch), null when no line has one. */
  first: number | null;
  last: number | null;
  /** The last "ITERATION n BEGINS", or null. */
  lastIteration: number | null;
  memory: MemoryPoint[];
}

export interface LogSummaryOptions extends InputOptions {
  /** Memory readings kept at most (the first ones); default 100,000. */
  maxMemoryPoints?: number;
}

/** Lines longer than this are skipped (no log line worth reading is that long). */
const MAX_LINE = 1024 * 1024;

export async function summarizeLog(input: Input, options: LogSummaryOptions = {}): Promise<LogSummary> {
  const maxPoints = options.maxMemoryPoints ?? 100_000;
  const summary: LogSummary = { first: null, last: null, lastIteration: null, memory: [] };
  const decoder = new TextDecoder('utf-8');
  const onLine = (line: string) => {
    const time = logTimeOf(line);
    if (time !== undefined) {
      summary.first ??= time;
      summary.last = time;
    }
    const iteration = iterationOf(line);
    if (iteration !== undefined) summary.lastIteration = iteration;
    if (time !== undefined && summary.memory.length < maxPoints) {
      const points = memoryOf(line, time);
      if (points) summary.memory.push(...points);
    }
  };
  let tail = '';
  for await (const chunk of openInput(input, options)) {
    const lines = (tail + decoder.decode(chunk, { stream: true })).split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (tail.length > MAX_LINE) tail = '';
  }
  tail += decoder.decode();
  if (tail) onLine(tail);
  return summary;
}
