/**
 * Append-only text files for logs that grow while a job runs (system files of type stdout). Unlike blobs, a log
 * is readable while it is written: the database row keeps the committed size, and readers read up to that size,
 * so a reader never sees bytes of a half-written append. Files live under `DATA_DIR/logs/{key}`.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export class LogStore {
  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<LogStore> {
    await mkdir(dir, { recursive: true });
    return new LogStore(dir);
  }

  /** A new empty log; returns its key. */
  async create(): Promise<string> {
    const key = `${randomUUID()}.log`;
    await writeFile(this.file(key), '');
    return key;
  }

  /** Appends and returns the log's new size in bytes. */
  async append(key: string, chunk: string | Uint8Array): Promise<number> {
    await appendFile(this.file(key), chunk);
    return (await stat(this.file(key))).size;
  }

  /** Bytes [start, end) of the log (end exclusive; default: the whole file). */
  read(key: string, range: { start?: number; end?: number } = {}): Readable {
    const start = range.start ?? 0;
    if (range.end !== undefined && range.end <= start) return Readable.from([]);
    return createReadStream(this.file(key), { start, end: range.end === undefined ? undefined : range.end - 1 });
  }

  async size(key: string): Promise<number> {
    try {
      return (await stat(this.file(key))).size;
    } catch {
      return 0;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  private file(key: string): string {
    if (!/^[\w-]+\.log$/.test(key)) throw new Error(`Not a log key: ${key}`);
    return path.join(this.dir, key);
  }
}
