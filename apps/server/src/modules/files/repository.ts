/** SQL for files, their usages by datasets and their derived files. No rules here: see service.ts. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, derivedFiles, files, jobTemplates } from '../../db/schema.ts';
import { datasetVisibleTo, type Viewer } from '../datasets/visibility.ts';

export interface FileRow {
  id: number;
  name: string;
  size: number;
  blobKey: string;
  tag: string | null;
  type: string;
  attributes: Record<string, unknown>;
  added: Date;
  modified: Date;
  createdBy: number | null;
}

export interface FileWithUsages extends FileRow {
  usages: { id: number; name: string }[];
}

export type NewFile = Pick<FileRow, 'name' | 'size' | 'blobKey' | 'tag' | 'attributes'> & { type?: string; createdBy: number | null };

export interface DerivedRow {
  type: string;
  filename: string;
  blobKey: string;
  size: number;
}

const fileColumns = {
  id: files.id,
  name: files.name,
  size: files.size,
  blobKey: files.blobKey,
  tag: files.tag,
  type: files.type,
  attributes: files.attributes,
  added: files.added,
  modified: files.modified,
  createdBy: files.createdBy,
};

export class FilesRepository {
  constructor(private readonly db: Db) {}

  async insert(file: NewFile): Promise<FileRow> {
    const [row] = await this.db.insert(files).values(file).returning(fileColumns);
    return row!;
  }

  async findById(id: number): Promise<FileRow | null> {
    const rows = await this.db.select(fileColumns).from(files).where(eq(files.id, id));
    return rows[0] ?? null;
  }

  /** The file if the viewer may see it: they added it, or it is used by a dataset they can see. */
  async findVisible(id: number, viewer: Viewer): Promise<FileRow | null> {
    const visible = viewer.admin
      ? sql`true`
      : sql`(${files.createdBy} = ${viewer.userId} or exists (select 1 from ${datasetFiles} join ${datasets} on ${datasets.id} = ${datasetFiles.datasetId}
          where ${datasetFiles.fileId} = ${files.id} and ${datasetVisibleTo(viewer)}))`;
    const rows = await this.db.select(fileColumns).from(files).where(and(eq(files.id, id), visible));
    return rows[0] ?? null;
  }

  /** The dataset's files by name, each with the datasets using it that the viewer can see. */
  async listForDataset(datasetId: number, viewer: Viewer): Promise<FileWithUsages[]> {
    const rows = await this.db
      .select(fileColumns)
      .from(files)
      .innerJoin(datasetFiles, eq(datasetFiles.fileId, files.id))
      .where(eq(datasetFiles.datasetId, datasetId))
      .orderBy(asc(files.name), asc(files.id));
    const usages = await this.usages(rows.map((r) => r.id), viewer);
    return rows.map((r) => ({ ...r, usages: usages.get(r.id) ?? [] }));
  }

  async withUsages(file: FileRow, viewer: Viewer): Promise<FileWithUsages> {
    return { ...file, usages: (await this.usages([file.id], viewer)).get(file.id) ?? [] };
  }

  private async usages(fileIds: number[], viewer: Viewer): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    if (fileIds.length === 0) return out;
    const rows = await this.db
      .select({ fileId: datasetFiles.fileId, id: datasets.id, name: datasets.name })
      .from(datasetFiles)
      .innerJoin(datasets, eq(datasets.id, datasetFiles.datasetId))
      .where(and(inArray(datasetFiles.fileId, fileIds), datasetVisibleTo(viewer)))
      .orderBy(asc(datasets.id));
    for (const { fileId, id, name } of rows) out.set(fileId, [...(out.get(fileId) ?? []), { id, name }]);
    return out;
  }

  /** The dataset's network files, the most recently attached first. */
  networkFilesOf(datasetId: number): Promise<FileRow[]> {
    return this.db
      .select(fileColumns)
      .from(files)
      .innerJoin(datasetFiles, eq(datasetFiles.fileId, files.id))
      .where(and(eq(datasetFiles.datasetId, datasetId), sql`${files.tag} like 'network\\_v%'`))
      .orderBy(desc(datasetFiles.added), desc(files.id));
  }

  /** Attaching twice keeps one usage; answers whether the usage is new. */
  async attach(datasetId: number, fileId: number): Promise<boolean> {
    const rows = await this.db.insert(datasetFiles).values({ datasetId, fileId }).onConflictDoNothing().returning({ fileId: datasetFiles.fileId });
    return rows.length > 0;
  }

  async detach(datasetId: number, fileId: number): Promise<boolean> {
    const rows = await this.db
      .delete(datasetFiles)
      .where(and(eq(datasetFiles.datasetId, datasetId), eq(datasetFiles.fileId, fileId)))
      .returning({ fileId: datasetFiles.fileId });
    return rows.length > 0;
  }

  /** Whether the dataset has a file of this name other than `exceptFileId` (issue 24: no duplicate names). */
  async nameTaken(datasetId: number, name: string, exceptFileId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: files.id })
      .from(datasetFiles)
      .innerJoin(files, eq(files.id, datasetFiles.fileId))
      .where(and(eq(datasetFiles.datasetId, datasetId), eq(files.name, name), sql`${files.id} <> ${exceptFileId}`))
      .limit(1);
    return row !== undefined;
  }

  /** The datasets using the file that have another file of this name (a rename to it would make two). */
  async datasetsWithName(fileId: number, name: string): Promise<{ name: string; type: string }[]> {
    return this.db
      .selectDistinct({ name: datasets.name, type: datasets.type })
      .from(datasetFiles)
      .innerJoin(datasets, eq(datasets.id, datasetFiles.datasetId))
      .where(
        and(
          eq(datasetFiles.fileId, fileId),
          sql`exists (select 1 from ${datasetFiles} other join ${files} on ${files.id} = other.file_id
            where other.dataset_id = ${datasetFiles.datasetId} and ${files.name} = ${name} and ${files.id} <> ${fileId})`,
        ),
      )
      .orderBy(datasets.name);
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.update(files).set({ name, modified: sql`now()` }).where(eq(files.id, id));
  }

  /**
   * Deletes the file unless a dataset uses it. Answers the blob keys to remove (the file's and its derived
   * files'), or the number of usages that kept it.
   */
  async deleteIfUnused(id: number): Promise<{ blobKeys: string[] } | { usages: number }> {
    return this.db.transaction(async (tx) => {
      const [usage] = await tx.select({ n: sql<number>`count(*)::int` }).from(datasetFiles).where(eq(datasetFiles.fileId, id));
      if (usage && usage.n > 0) return { usages: Number(usage.n) };
      const derived = await tx.select({ key: derivedFiles.blobKey }).from(derivedFiles).where(eq(derivedFiles.fileId, id));
      const deleted = await tx.delete(files).where(eq(files.id, id)).returning({ key: files.blobKey });
      return { blobKeys: [...deleted, ...derived].map((r) => r.key) };
    });
  }

  /** The name of a job template that stages the file, or null (such a file is kept: the template needs it). */
  async templateUsing(fileId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ name: jobTemplates.name })
      .from(jobTemplates)
      .where(sql`${jobTemplates.files} @> ${JSON.stringify([{ fileId }])}::jsonb`)
      .orderBy(asc(jobTemplates.id))
      .limit(1);
    return row?.name ?? null;
  }

  /** Job files (spec 3 §2.14), the newest first. */
  listOfType(type: string): Promise<FileRow[]> {
    return this.db.select(fileColumns).from(files).where(eq(files.type, type)).orderBy(desc(files.added), desc(files.id));
  }

  /** Deletes files no dataset uses (an upload that failed half-way); answers their blob keys. */
  async deleteUnused(ids: number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .delete(files)
      .where(and(inArray(files.id, ids), sql`not exists (select 1 from ${datasetFiles} where ${datasetFiles.fileId} = ${files.id})`))
      .returning({ key: files.blobKey });
    return rows.map((r) => r.key);
  }

  listDerived(fileId: number): Promise<DerivedRow[]> {
    return this.db
      .select({ type: derivedFiles.type, filename: derivedFiles.filename, blobKey: derivedFiles.blobKey, size: derivedFiles.size })
      .from(derivedFiles)
      .where(eq(derivedFiles.fileId, fileId))
      .orderBy(asc(derivedFiles.filename));
  }

  async findDerived(fileId: number, filename: string): Promise<DerivedRow | null> {
    const rows = await this.db
      .select({ type: derivedFiles.type, filename: derivedFiles.filename, blobKey: derivedFiles.blobKey, size: derivedFiles.size })
      .from(derivedFiles)
      .where(and(eq(derivedFiles.fileId, fileId), eq(derivedFiles.filename, filename)));
    return rows[0] ?? null;
  }

  /**
   * Records a derived file, replacing an older one of the same name. Answers the blob key that is no longer
   * used (the replaced one), or the new key itself when the source file was deleted meanwhile.
   */
  async putDerived(fileId: number, derived: DerivedRow): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [source] = await tx.select({ id: files.id }).from(files).where(eq(files.id, fileId)).for('share');
      if (!source) return derived.blobKey;
      const [old] = await tx
        .delete(derivedFiles)
        .where(and(eq(derivedFiles.fileId, fileId), eq(derivedFiles.filename, derived.filename)))
        .returning({ key: derivedFiles.blobKey });
      await tx.insert(derivedFiles).values({ fileId, ...derived });
      return old?.key ?? null;
    });
  }
}
