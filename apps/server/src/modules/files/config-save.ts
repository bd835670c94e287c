/**
 * SQL of the config save's copy-on-write (docs/decisions.md, "Issue 7 — config text, …"): a file a run uses keeps its
 * content — the run's record of its input must not change — so saved content goes into a new file that takes the
 * old one's place in every scenario using it (and the old file names it in its attribute `__savedAs`). A file no run
 * uses changes in place. Saves can be conditional on the version the saver opened (optimistic concurrency).
 */
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, files, jobFiles } from '../../db/schema.ts';
import type { FileRow } from './repository.ts';

export type SavedContent = Pick<FileRow, 'blobKey' | 'size' | 'tag' | 'attributes'>;

/** A file and the version of its content (ETag / If-Match of the config editor's save). */
export interface FileVersion {
  id: number;
  version: string;
}

export interface SaveOutcome extends FileVersion {
  /** The blob no file uses any more (the in-place save's old content); null after a copy. */
  unusedBlobKey: string | null;
}

/** The save was refused: the file is no longer at the version the saver opened. `current`: where the content is now. */
export interface StaleSave {
  stale: true;
  current: FileVersion | null;
}

/** File attribute: the copy a copy-on-write save put in this file's place (the old file's content stays as it was). */
const SAVED_AS = '__savedAs';
/** `If-Match: *`: the save goes over whatever the newest content is. */
export const ANY_VERSION = '*';
/** Copies of copies are followed this far when a stale save asks where the content is now. */
const MAX_COPIES_FOLLOWED = 1000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Versioned = Pick<FileRow, 'id' | 'blobKey' | 'attributes'>;

const savedAsOf = (file: Pick<FileRow, 'attributes'>): number | null => {
  const id = file.attributes[SAVED_AS];
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
};

/**
 * The version of a file's content: its blob key (a new blob on every save), plus the copy that replaced it once a
 * copy-on-write save happened — the file's bytes stay, but what its scenarios hold changed.
 */
export function contentVersion(file: Pick<FileRow, 'blobKey' | 'attributes'>): string {
  const savedAs = savedAsOf(file);
  return savedAs === null ? file.blobKey : `${file.blobKey}.${savedAs}`;
}

export class ConfigSaveRepository {
  constructor(private readonly db: Db) {}

  /**
   * Null when the file no longer exists. The file must still be at the `expected` version (else StaleSave);
   * ANY_VERSION saves over the newest content: the last of the copies that replaced the file, if any (so repeated
   * overwrites of a run's config make one copy, not one each). The row locks, the version check, the decision and
   * the writes happen in one transaction, so of concurrent saves at one version exactly one is stored.
   */
  async save(fileId: number, content: SavedContent, savedBy: number, expected: string): Promise<SaveOutcome | StaleSave | null> {
    return this.db.transaction(async (tx) => {
      let old = await lockFile(tx, fileId);
      for (let followed = 0; expected === ANY_VERSION && old && savedAsOf(old) !== null && followed < MAX_COPIES_FOLLOWED; followed++) {
        old = await lockFile(tx, savedAsOf(old)!);
      }
      if (!old) return null;
      if (expected !== ANY_VERSION && contentVersion(old) !== expected) return { stale: true, current: await newestVersion(tx, old) };
      fileId = old.id;
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
        return { id: fileId, version: contentVersion(content), unusedBlobKey: old.blobKey };
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
      // The old file's bytes stay (the run's record); its version changes, so saves against what it was are stale.
      await tx
        .update(files)
        .set({ attributes: sql`${files.attributes} || ${JSON.stringify({ [SAVED_AS]: copy!.id })}::jsonb` })
        .where(eq(files.id, fileId));
      return { id: copy!.id, version: contentVersion(content), unusedBlobKey: null };
    });
  }
}

/** The file row, locked until the transaction ends; undefined when it does not exist. */
async function lockFile(tx: Tx, fileId: number) {
  const [row] = await tx
    .select({ id: files.id, name: files.name, type: files.type, blobKey: files.blobKey, attributes: files.attributes })
    .from(files)
    .where(eq(files.id, fileId))
    .for('update');
  return row;
}

/** The file holding the newest content: this one, or the last of the copies that replaced it; null when one is gone. */
async function newestVersion(tx: Tx, file: Versioned): Promise<FileVersion | null> {
  let current = file;
  for (let followed = 0; followed < MAX_COPIES_FOLLOWED; followed++) {
    const next = savedAsOf(current);
    if (next === null) return { id: current.id, version: contentVersion(current) };
    const [row] = await tx.select({ id: files.id, blobKey: files.blobKey, attributes: files.attributes }).from(files).where(eq(files.id, next));
    if (!row) return null;
    current = row;
  }
  return null;
}
