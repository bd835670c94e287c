/**
 * A job's log: the run's system file of type stdout, an append-only file of the LogStore. Every append updates the
 * row's committed size, which is what readers read up to.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { systemFiles } from '../../db/schema.ts';
import type { LogStore } from '../../storage/log-store.ts';

export const LOG_TYPE = 'stdout';

export class JobLog {
  constructor(
    private readonly db: Db,
    private readonly logs: LogStore,
  ) {}

  /**
   * Appends the runner's output as it is, but for NUL characters (binary output): they are dropped, as a log is
   * text. Answers the log's new size, or null when the job has no log.
   */
  async append(jobId: number, chunk: string | Uint8Array): Promise<number | null> {
    const file = await this.find(jobId);
    if (!file) return null;
    const size = await this.logs.append(file.blobKey, withoutNul(chunk));
    await this.commitSize(file.id, size);
    return size;
  }

  /**
   * Appends a line of the platform's own, starting on a new line even when the output so far did not end with one.
   * `db` may be an open transaction (the lifecycle writes the end of a job before the new status is visible).
   */
  async appendLine(jobId: number, line: string, db: Db = this.db): Promise<void> {
    const file = await this.find(jobId, db);
    if (!file) return;
    const size = await this.logs.size(file.blobKey);
    const lead = size > 0 && !(await this.endsWithNewline(file.blobKey, size)) ? '\n' : '';
    await this.commitSize(file.id, await this.logs.append(file.blobKey, `${lead}${line}\n`), db);
  }

  private async find(jobId: number, db: Db = this.db): Promise<{ id: number; blobKey: string } | null> {
    const [row] = await db
      .select({ id: systemFiles.id, blobKey: systemFiles.blobKey })
      .from(systemFiles)
      .where(and(eq(systemFiles.jobId, jobId), eq(systemFiles.type, LOG_TYPE)));
    return row ?? null;
  }

  /** Concurrent appends may commit out of order: the size only grows. */
  private async commitSize(id: number, size: number, db: Db = this.db): Promise<void> {
    await db
      .update(systemFiles)
      .set({ size: sql`greatest(${systemFiles.size}, ${size})`, modified: sql`now()` })
      .where(eq(systemFiles.id, id));
  }

  private async endsWithNewline(key: string, size: number): Promise<boolean> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.logs.read(key, { start: size - 1, end: size })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('latin1') === '\n';
  }
}

/** NUL is a single 0 byte in UTF-8 (never part of another character), so bytes can be filtered directly. */
function withoutNul(chunk: string | Uint8Array): string | Uint8Array {
  if (typeof chunk === 'string') return chunk.includes('\0') ? chunk.replaceAll('\0', '') : chunk;
  return chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk;
}
