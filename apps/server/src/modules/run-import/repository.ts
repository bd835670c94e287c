/** SQL of the run import: the external job an imported run gets, its times, the run's files. No rules here. */
import { and, asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, files, jobs, runEvents, runSeries } from '../../db/schema.ts';

export interface ImportFile {
  id: number;
  name: string;
  size: number;
  blobKey: string;
}

export type StartResult = { jobId: number } | { refused: 'not-imported' | 'imported-already' };

export class RunImportRepository {
  constructor(private readonly db: Db) {}

  /**
   * Under a lock on the run's row: unless the run is not an imported one or has a job already, records the event
   * runImported and gives the run its external job, STARTED now with the event runStarted.
   */
  async start(runId: number, createdBy: number, data: Record<string, unknown>, now: Date): Promise<StartResult> {
    return this.db.transaction(async (tx) => {
      const [run] = await tx
        .select({ type: datasets.type, name: datasets.name, groupId: datasets.groupId, attributes: datasets.attributes })
        .from(datasets)
        .where(eq(datasets.id, runId))
        .for('update');
      if (!run || run.type !== 'run' || run.attributes.__imported !== true) return { refused: 'not-imported' as const };
      const [existing] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.datasetId, runId)).limit(1);
      if (existing) return { refused: 'imported-already' as const };
      const [job] = await tx
        .insert(jobs)
        .values({
          name: run.name,
          datasetId: runId,
          groupId: run.groupId,
          createdBy,
          status: 'STARTED',
          command: '',
          parameters: { imported: true },
          external: true,
          started: now,
          lastUpdated: now,
        })
        .returning({ id: jobs.id });
      await tx.insert(runEvents).values([
        { datasetId: runId, type: 'runImported', status: 'STARTED', data, timestamp: now },
        { datasetId: runId, type: 'runStarted', status: 'STARTED', timestamp: now },
      ]);
      return { jobId: job!.id };
    });
  }

  /** Keeps the job's last report recent while the import works (the monitor ends silent external jobs). */
  async touch(jobId: number, now: Date): Promise<void> {
    await this.db.update(jobs).set({ lastUpdated: now }).where(and(eq(jobs.id, jobId), eq(jobs.status, 'STARTED')));
  }

  /** The run's start and end as its log says: the job's times and its runStarted/runFinished events. */
  async setTimes(jobId: number, runId: number, times: { started: Date; finished: Date | null }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(jobs).set({ started: times.started, ...(times.finished ? { finished: times.finished } : {}) }).where(eq(jobs.id, jobId));
      await tx.update(runEvents).set({ timestamp: times.started }).where(and(eq(runEvents.datasetId, runId), eq(runEvents.type, 'runStarted')));
      if (times.finished) {
        await tx.update(runEvents).set({ timestamp: times.finished }).where(and(eq(runEvents.datasetId, runId), eq(runEvents.type, 'runFinished')));
      }
    });
  }

  /** The files of the run, by name. */
  runFiles(runId: number): Promise<ImportFile[]> {
    return this.db
      .select({ id: files.id, name: files.name, size: files.size, blobKey: files.blobKey })
      .from(datasetFiles)
      .innerJoin(files, eq(files.id, datasetFiles.fileId))
      .where(eq(datasetFiles.datasetId, runId))
      .orderBy(asc(files.name), asc(files.id));
  }

  /** The last iteration of the run's scoreStats series, or null. */
  async lastScoreIteration(runId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ last: max(runSeries.x) })
      .from(runSeries)
      .where(and(eq(runSeries.datasetId, runId), eq(runSeries.table, 'scoreStats')));
    return row?.last ?? null;
  }
}
