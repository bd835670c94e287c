/**
 * Streams a job's stdout and stderr to the run's log in batches (every `flushMs`, or sooner once `batchBytes` are
 * waiting) and reads its lines on the way: the current iteration and MemoryObserver readings go out as progress
 * right after the log batch that contained them. When the server cannot keep up, the process's output is paused
 * (it then blocks on its own writes) until the backlog is sent. Lines are scrubbed of host paths on the way
 * (`scrub`), so the log and the failure message show paths relative to the job folder.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { JobProgress, MemoryReading } from '@corridor/contract';
import { isErrorLine, iterationOf, LineSplitter, memoryOf } from './log-lines.ts';

export interface LogStreamOptions {
  sendLog: (chunk: Buffer) => Promise<unknown>;
  sendProgress: (progress: JobProgress) => Promise<unknown>;
  flushMs?: number;
  batchBytes?: number;
  now?: () => number;
  /** Rewrites what users see (host paths, host-paths.ts); applied to whole lines before they are sent or read. */
  scrub?: (text: string) => string;
}

const MAX_REQUEST_BYTES = 1024 * 1024;
const PAUSE_ABOVE_BYTES = 16 * 1024 * 1024;
const MAX_READINGS_PER_CALL = 1000;

export class LogStream {
  /** The last line that read like an error (for the FAILED message). */
  lastErrorLine: string | undefined;
  /** When the last MemoryObserver line arrived (ms since the epoch). */
  lastMemoryAt: number | undefined;

  private chunks: Buffer[] = [];
  private buffered = 0;
  private iteration: number | undefined;
  private readings: MemoryReading[] = [];
  private flushing: Promise<void> | undefined;
  private readonly paused = new Set<Readable>();
  private readonly timer: NodeJS.Timeout;
  private readonly splitters: LineSplitter[] = [];
  private readonly flushMs: number;
  private readonly batchBytes: number;
  private readonly now: () => number;
  private readonly scrub: (text: string) => string;

  constructor(private readonly options: LogStreamOptions) {
    this.flushMs = options.flushMs ?? 1000;
    this.batchBytes = options.batchBytes ?? 64 * 1024;
    this.now = options.now ?? Date.now;
    this.scrub = options.scrub ?? ((text) => text);
    this.timer = setInterval(() => void this.flush(), this.flushMs);
  }

  /**
   * Follows one of the process's output streams until it ends. Whole lines go to the log, so a line on stdout is
   * never cut by one from stderr; an unfinished line waits for its end (up to `batchBytes`).
   */
  attach(stream: Readable, name: 'stdout' | 'stderr'): Promise<void> {
    const decoder = new StringDecoder('utf8');
    const splitter = new LineSplitter((line) => this.readLine(line, name));
    this.splitters.push(splitter);
    let pending: Buffer = Buffer.alloc(0);
    const emit = (bytes: Buffer) => {
      if (bytes.length === 0) return;
      const text = this.scrub(decoder.write(bytes));
      splitter.push(text);
      this.append(Buffer.from(text));
    };
    return new Promise((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        const bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        const end = bytes.lastIndexOf(10) + 1;
        const cut = end > 0 ? end : bytes.length >= this.batchBytes ? bytes.length : 0;
        emit(bytes.subarray(0, cut));
        pending = Buffer.from(bytes.subarray(cut));
        if (this.buffered > PAUSE_ABOVE_BYTES) {
          stream.pause();
          this.paused.add(stream);
        }
      });
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        emit(pending);
        pending = Buffer.alloc(0);
        const rest = this.scrub(decoder.end());
        splitter.push(rest);
        if (rest) this.append(Buffer.from(rest));
        splitter.end();
        resolve();
      };
      stream.once('end', finish);
      stream.once('error', finish);
      stream.once('close', finish);
    });
  }

  /** A line of the runner's own (e.g. "corridor-runner: …"), added to the log (scrubbed like the rest). */
  note(line: string): void {
    this.append(Buffer.from(`${this.scrub(line)}\n`));
  }

  /** An iteration the log does not show again (a Slurm job followed after a restart): sent as progress. */
  noteIteration(iteration: number): void {
    this.iteration = iteration;
  }

  /** Memory readings that do not come from the log (the process's RSS). */
  addMemory(readings: MemoryReading[]): void {
    this.readings.push(...readings);
  }

  /** Sends everything still waiting and stops the timer. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const splitter of this.splitters) splitter.end();
    await this.flushing;
    await this.flush();
  }

  private readLine(line: string, stream: 'stdout' | 'stderr'): void {
    const iteration = iterationOf(line);
    if (iteration !== undefined) this.iteration = iteration;
    const time = this.now();
    const memory = memoryOf(line, time);
    if (memory) {
      this.readings.push(...memory);
      this.lastMemoryAt = time;
    }
    if (isErrorLine(line, stream)) this.lastErrorLine = line.trim();
  }

  private append(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered >= this.batchBytes) void this.flush();
  }

  private flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    do {
      if (this.buffered > 0) await this.options.sendLog(this.take(MAX_REQUEST_BYTES));
      await this.sendProgress();
      this.resumeIfDrained();
    } while (this.buffered >= this.batchBytes);
  }

  private async sendProgress(): Promise<void> {
    while (this.iteration !== undefined || this.readings.length > 0) {
      const progress: JobProgress = { memory: this.readings.splice(0, MAX_READINGS_PER_CALL) };
      if (this.iteration !== undefined) progress.iteration = this.iteration;
      this.iteration = undefined;
      await this.options.sendProgress(progress);
    }
  }

  private take(maxBytes: number): Buffer {
    const all = Buffer.concat(this.chunks);
    const taken = all.subarray(0, maxBytes);
    const rest = all.subarray(taken.length);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }

  private resumeIfDrained(): void {
    if (this.buffered > this.batchBytes) return;
    for (const stream of this.paused) stream.resume();
    this.paused.clear();
  }
}
