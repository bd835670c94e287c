/**
 * SQL of the config save's copy-on-write (docs/decisions.md, "Issue 7 — config text, …"): a file a run uses keeps its
 * content — the run's record of its input must not change — so saved content goes into a new file that takes the
 * old one's place in every scenario using it. A file no run uses changes in place. No rules beyond that here.
 */
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, files, jobFiles } from '../../db/schema.ts';
import type { FileRow } from './repository.ts';

export type SavedContent = Pick<FileRow, 'blobKey' | 'size' | 'tag' | 'attributes'>;

export interface SaveOutcome {
  /** The file now holding the content. */
  id: number;
  /** The blob no file uses any more (the in-place save's old content); null after a copy. */
  unusedBlobKey: string | null;
}

export class ConfigSaveRepository {
  constructor(private readonly db: Db) {}

  /** Null when the file no longer exists. The decision and the writes happen in one transaction. */
  async save(fileId: number, content: SavedContent, savedBy: number): Promise<SaveOutcome | null> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select({ name: files.name, type: files.type, blobKey: files.blobKey }).from(files).where(eq(files.id, fileId)).for('update');
      if (!old) return null;
      // A run uses the file when it is among the run's files or an input of any job (a job's record counts even
      // when the file was later removed from the run).
      const jobInput = tx.select({ one: sql`1` }).from(jobFiles).where(eq(jobFiles.fileId, fileId));
      const runFile = tx
        .select({ one: sql`1` })
        .from(datasetFiles)
        .innerJoin(datasets, eq(datasets.id, datasetFiles.datasetId))
        .where(and(eq(datasetFiles.fileId, fileId), eq(datasets.type, 'run')));
      const [usage] = await tx.select({ byRun: sql<boolean>`${or(exists(jobInput), exists(runFile))}` }).from(files).where(eq(files.id, fileId));
      if (!usage?.byRun) {
        await tx.update(files).set({ ...content, modified: sql`now()` }).where(eq(files.id, fileId));
        return { id: fileId, unusedBlobKey: old.blobKey };
      }
      const [copy] = await tx.insert(files).values({ name: old.name, type: old.type, createdBy: savedBy, ...content }).returning({ id: files.id });
      const scenarios = tx
        .select({ id: datasets.id })
        .from(datasets)
        .where(eq(datasets.type, 'scenario'));
      await tx
        .update(datasetFiles)
        .set({ fileId: copy!.id })
        .where(and(eq(datasetFiles.fileId, fileId), inArray(datasetFiles.datasetId, scenarios)));
      return { id: copy!.id, unusedBlobKey: null };
    });
  }
}
