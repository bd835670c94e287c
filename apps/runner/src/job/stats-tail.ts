/**
 * One statistics file (scorestats.csv, modestats.csv) followed by offset, so that a job cannot make the runner read
 * a large file again and again (issue 23: a sparse 1.5 GB scorestats.csv read whole every 2 s). Each read takes only
 * the bytes appended since the last one; the whole lines so far stay in memory (the server replaces the run's table
 * from the whole file), bounded by STATS_FILE_MAX_BYTES: a file past it is dropped and no longer followed.
 *
 * MATSim rewrites these files after every iteration with the rows so far, so what was read stays valid; a rewrite
 * is noticed as a new file (another inode), a shorter file, or appended lines whose column count differs from the
 * header's (modestats gains a column when a mode appears): the file is then read anew from its start.
 */
import type { FileHandle } from 'node:fs/promises';
import { STATS_FILE_MAX_BYTES } from '@corridor/contract';

export type TailResult = 'unchanged' | 'changed' | 'too-large';

const NEWLINE = 0x0a;
const SEPARATORS = /[;,\t]/g;

export class StatsTail {
  /** Every byte read from disk so far (what the tests and the bench watch). */
  bytesRead = 0;
  /** True once the file grew past the cap: it is not read any more. */
  tooLarge = false;
  private identity = '';
  private offset = 0;
  /** The whole lines read so far; the first is the header. */
  private lines: Buffer[] = [];
  private linesBytes = 0;
  /** The start of a line whose end has not been written yet. */
  private partial: Buffer = Buffer.alloc(0);
  private columns: number | undefined;

  constructor(private readonly maxBytes = STATS_FILE_MAX_BYTES) {}

  /** The whole lines read so far. */
  content(): Buffer {
    return Buffer.concat(this.lines, this.linesBytes);
  }

  /** Reads what was appended to the open file; 'too-large' once, when it grows past the cap. */
  async read(handle: FileHandle): Promise<TailResult> {
    if (this.tooLarge) return 'unchanged';
    const info = await handle.stat();
    if (!info.isFile()) return 'unchanged';
    if (info.size > this.maxBytes) {
      this.tooLarge = true;
      this.reset('');
      return 'too-large';
    }
    const identity = `${info.dev}:${info.ino}`;
    if (identity !== this.identity || info.size < this.offset) this.reset(identity);
    if (info.size === this.offset) return 'unchanged';
    const fresh = this.offset === 0;
    const before = this.linesBytes;
    const shapeKept = this.take(await this.readFrom(handle, info.size));
    if (!shapeKept && !fresh) {
      // Rewritten with other columns: read from the start, once.
      this.reset(identity);
      this.take(await this.readFrom(handle, info.size));
      return 'changed';
    }
    return this.linesBytes !== before ? 'changed' : 'unchanged';
  }

  private async readFrom(handle: FileHandle, size: number): Promise<Buffer> {
    const buffer = Buffer.alloc(size - this.offset);
    let got = 0;
    while (got < buffer.length) {
      const { bytesRead } = await handle.read(buffer, got, buffer.length - got, this.offset + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    this.offset += got;
    this.bytesRead += got;
    return buffer.subarray(0, got);
  }

  /** Adds the whole lines of `bytes` (after the partial line before them); false when one has other columns. */
  private take(bytes: Buffer): boolean {
    const data = this.partial.length > 0 ? Buffer.concat([this.partial, bytes]) : bytes;
    const end = data.lastIndexOf(NEWLINE) + 1;
    this.partial = Buffer.from(data.subarray(end));
    if (end === 0) return true;
    const whole = data.subarray(0, end);
    let kept = true;
    for (const line of whole.toString('utf8').split('\n').slice(0, -1)) {
      if (line.trim() === '') continue;
      const columns = line.match(SEPARATORS)?.length ?? 0;
      if (this.columns === undefined) this.columns = columns;
      else if (columns !== this.columns) kept = false;
    }
    this.lines.push(Buffer.from(whole));
    this.linesBytes += whole.length;
    return kept;
  }

  private reset(identity: string): void {
    this.identity = identity;
    this.offset = 0;
    this.lines = [];
    this.linesBytes = 0;
    this.partial = Buffer.alloc(0);
    this.columns = undefined;
  }
}
