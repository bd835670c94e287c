/**
 * The run's post-processing log (the "Post process" card's log): one system file of the run that every
 * post-processing step (output tables, vehicle data) appends its lines to. Appends for one run are serialized in
 * this process, and across server processes (issue 30: the two steps may run on two servers) by a transaction
 * holding an advisory lock on the run, so two steps finishing together never create two log files.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { systemFiles } from '../../db/schema.ts';
import type { LogStore } from '../../storage/log-store.ts';

export const POST_PROCESS_LOG_TYPE = 'postprocess';
const LOG_NAME = 'post-processing.log';

export class PostProcessLog {
  private readonly writing = new Map<number, Promise<number>>();

  constructor(
    private readonly db: Db,
    private readonly logs: LogStore,
    private readonly now: () => Date,
  ) {}

  /** Appends the lines (each stamped with the time) and answers the log's system file id. */
  append(runId: number, lines: readonly string[]): Promise<number> {
    const before = this.writing.get(runId) ?? Promise.resolve(0);
    const next = before.catch(() => 0).then(() => this.write(runId, lines));
    this.writing.set(runId, next);
    const forget = () => this.writing.get(runId) === next && this.writing.delete(runId);
    next.then(forget, forget);
    return next;
  }

  private async write(runId: number, lines: readonly string[]): Promise<number> {
    const { db, logs, now } = this;
    const text = lines.map((l) => `${now().toISOString()} ${l}\n`).join('');
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`post-process-log ${runId}`}, 0))`);
      const [old] = await tx
        .select({ id: systemFiles.id, blobKey: systemFiles.blobKey })
        .from(systemFiles)
        .where(and(eq(systemFiles.datasetId, runId), eq(systemFiles.type, POST_PROCESS_LOG_TYPE)));
      if (old) {
        const size = await logs.append(old.blobKey, text);
        await tx.update(systemFiles).set({ size, modified: now() }).where(eq(systemFiles.id, old.id));
        return old.id;
      }
      const blobKey = await logs.create();
      const size = await logs.append(blobKey, text);
      const [row] = await tx.insert(systemFiles).values({ datasetId: runId, type: POST_PROCESS_LOG_TYPE, name: LOG_NAME, blobKey, size }).returning({ id: systemFiles.id });
      return row!.id;
    });
  }
}
