/**
 * `EventsWriter`: the engine's side of the events file. Events are added one at a time, synchronously (the
 * simulation loop cannot await each one), and streamed out in ~64 KiB chunks to a file (atomically, through
 * `writeOutput`) or to any writable stream, optionally gzip-compressed.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { writeOutput } from '../xml/writer.ts';
import type { MatsimEvent } from './model.ts';
import { EVENTS_FOOTER, EVENTS_HEADER, formatEvent } from './writer.ts';

export interface EventsWriterOptions {
  gzip?: boolean;
}

const CHUNK = 1 << 16;
/** Chunks queued before `add` asks the caller to wait (`drained()`): ~1 MiB of text. */
const QUEUED_CHUNKS = 16;

export class EventsWriter {
  private pending = EVENTS_HEADER;
  private readonly source: Readable;
  private readonly done: Promise<void>;
  private failure: unknown;
  private closed = false;
  private waiting: Array<() => void> = [];

  /**
   * `target` is a file path (written to a temporary name and renamed on `close`, so readers never see half a
   * file) or a writable stream, which is ended on `close`.
   */
  constructor(target: string | Writable, options: EventsWriterOptions = {}) {
    this.source = new Readable({
      objectMode: true,
      highWaterMark: QUEUED_CHUNKS,
      read: () => this.wake(),
    });
    this.done =
      typeof target === 'string'
        ? writeOutput(target, this.source as AsyncIterable<string>, { gzip: options.gzip })
        : options.gzip
          ? pipeline(this.source, createGzip(), target)
          : pipeline(this.source, target);
    // Kept for `add` and `close` to report; without this an early failure would be an unhandled rejection.
    this.done.catch((error: unknown) => {
      this.failure ??= error;
      this.wake();
    });
  }

  /**
   * Appends one event. Returns false when the output is behind: the caller should `await drained()` before
   * adding many more, or memory grows with the backlog.
   */
  add(event: MatsimEvent): boolean {
    this.check();
    this.pending += formatEvent(event);
    return this.pending.length < CHUNK || this.flush();
  }

  /** Resolves when the queued output has room again (at once if it has). */
  drained(): Promise<void> {
    if (this.failure !== undefined || this.source.readableLength < QUEUED_CHUNKS) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Writes the end of the file and resolves once everything is written (and, for a path, renamed in place). */
  async close(): Promise<void> {
    this.check();
    this.closed = true;
    this.source.push(this.pending + EVENTS_FOOTER);
    this.pending = '';
    this.source.push(null);
    await this.done;
  }

  /** Gives up: nothing more is written and a file target is not created. */
  async abort(reason: Error = new Error('events writer aborted')): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.source.destroy(reason);
    await this.done.catch(() => undefined);
  }

  private flush(): boolean {
    const ok = this.source.push(this.pending);
    this.pending = '';
    return ok;
  }

  private check(): void {
    if (this.failure !== undefined) throw this.failure;
    if (this.closed) throw new Error('The events writer is closed.');
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
