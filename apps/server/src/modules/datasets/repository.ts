/** SQL for datasets, their access entries and their groups. No rules here: see service.ts and access.ts. */
import type { Relation } from '@corridor/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetAccess, datasetFiles, datasets, derivedFiles, files, groups, memberships, relations, users } from '../../db/schema.ts';
import type { NewFile } from '../files/repository.ts';
import { datasetVisibleTo, type Viewer } from './visibility.ts';

export interface DatasetRow {
  id: number;
  type: 'scenario' | 'run';
  groupId: number;
  groupName: string;
  key: string;
  name: string;
  description: string;
  attributes: Record<string, unknown>;
  created: Date;
  modified: Date;
  createdBy: number | null;
}

export interface DatasetListRow extends DatasetRow {
  hasNetwork: boolean;
}

export interface NewDataset {
  type: 'scenario' | 'run';
  groupId: number;
  key: string;
  name: string;
  description: string;
  attributes: Record<string, unknown>;
  createdBy: number;
}

export interface AccessRow {
  userId: number;
  username: string;
  accessType: 'OWNER' | 'USER';
}

const columns = {
  id: datasets.id,
  type: datasets.type,
  groupId: datasets.groupId,
  groupName: groups.name,
  key: datasets.key,
  name: datasets.name,
  description: datasets.description,
  attributes: datasets.attributes,
  created: datasets.created,
  modified: datasets.modified,
  createdBy: datasets.createdBy,
};

const hasNetwork = sql<boolean>`exists (select 1 from ${datasetFiles} join ${files} on ${files.id} = ${datasetFiles.fileId}
  where ${datasetFiles.datasetId} = ${datasets.id} and ${files.tag} like 'network\\_v%')`;

export class DatasetsRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<DatasetRow | null> {
    const rows = await this.db.select(columns).from(datasets).innerJoin(groups, eq(groups.id, datasets.groupId)).where(eq(datasets.id, id));
    return (rows[0] as DatasetRow | undefined) ?? null;
  }

  /** The viewer's datasets of one type, newest id first; all of the viewer's groups, or one group. */
  async listVisible(viewer: Viewer, type: 'scenario' | 'run', groupId?: number): Promise<DatasetListRow[]> {
    const mine = viewer.admin && groupId === undefined ? datasetVisibleTo({ ...viewer, admin: false }) : datasetVisibleTo(viewer);
    const rows = await this.db
      .select({ ...columns, hasNetwork })
      .from(datasets)
      .innerJoin(groups, eq(groups.id, datasets.groupId))
      .where(and(eq(datasets.type, type), groupId === undefined ? undefined : eq(datasets.groupId, groupId), mine))
      .orderBy(desc(datasets.id));
    return rows as DatasetListRow[];
  }

  /** How a user relates to a dataset: member of its group, and their access entry if any. */
  async relation(datasetId: number, groupId: number, userId: number): Promise<{ member: boolean; access: 'OWNER' | 'USER' | null }> {
    const [member] = await this.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)));
    const [entry] = await this.db
      .select({ accessType: datasetAccess.accessType })
      .from(datasetAccess)
      .where(and(eq(datasetAccess.datasetId, datasetId), eq(datasetAccess.userId, userId)));
    return { member: member !== undefined, access: (entry?.accessType as 'OWNER' | 'USER' | undefined) ?? null };
  }

  async keyTaken(groupId: number, type: string, key: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(eq(datasets.groupId, groupId), eq(datasets.type, type), eq(datasets.key, key), exceptId ? ne(datasets.id, exceptId) : undefined));
    return rows.length > 0;
  }

  /** Keys in the group that are `base` or `base-<n>`, to find a free suffix. */
  async keysLike(groupId: number, type: string, base: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: datasets.key })
      .from(datasets)
      .where(and(eq(datasets.groupId, groupId), eq(datasets.type, type), sql`(${datasets.key} = ${base} or ${datasets.key} ~ ${`^${escapeRegex(base)}-[0-9]+$`})`));
    return rows.map((r) => r.key);
  }

  /** The dataset, its OWNER entry and its first files (blobs complete already), in one transaction. */
  async insert(row: NewDataset, newFiles: NewFile[] = []): Promise<{ id: number; fileIds: number[] }> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(datasets).values(row).returning({ id: datasets.id });
      const id = created!.id;
      await tx.insert(datasetAccess).values({ datasetId: id, userId: row.createdBy, accessType: 'OWNER' });
      if (newFiles.length === 0) return { id, fileIds: [] };
      const inserted = await tx.insert(files).values(newFiles).returning({ id: files.id });
      const fileIds = inserted.map((f) => f.id);
      await tx.insert(datasetFiles).values(fileIds.map((fileId) => ({ datasetId: id, fileId })));
      return { id, fileIds };
    });
  }

  async update(id: number, fields: { name?: string; key?: string; description?: string }): Promise<void> {
    await this.db.update(datasets).set({ ...fields, modified: sql`now()` }).where(eq(datasets.id, id));
  }

  /** Sets the given attributes and removes those given as null, atomically (no read-modify-write). */
  async patchAttributes(id: number, patch: Record<string, unknown>): Promise<void> {
    const removed = Object.keys(patch).filter((k) => patch[k] === null);
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null && v !== undefined));
    await this.db
      .update(datasets)
      .set({ attributes: sql`(${datasets.attributes} - ${textArray(removed)}) || ${JSON.stringify(set)}::jsonb` })
      .where(eq(datasets.id, id));
  }

  async touch(id: number): Promise<void> {
    await this.db.update(datasets).set({ modified: sql`now()` }).where(eq(datasets.id, id));
  }

  async move(id: number, groupId: number, key: string): Promise<void> {
    await this.db.update(datasets).set({ groupId, key, modified: sql`now()` }).where(eq(datasets.id, id));
  }

  /**
   * Deletes the dataset and every file that no other dataset uses any more. Answers the blob keys of the deleted
   * files and their derived files: the caller removes the blobs once the rows are gone.
   */
  async delete(id: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const used = await tx.select({ fileId: datasetFiles.fileId }).from(datasetFiles).where(eq(datasetFiles.datasetId, id));
      await tx.delete(datasets).where(eq(datasets.id, id));
      const candidates = used.map((u) => u.fileId);
      if (candidates.length === 0) return [];
      const orphans = and(inArray(files.id, candidates), sql`not exists (select 1 from ${datasetFiles} where ${datasetFiles.fileId} = ${files.id})`);
      const derived = await tx
        .select({ key: derivedFiles.blobKey })
        .from(derivedFiles)
        .innerJoin(files, eq(files.id, derivedFiles.fileId))
        .where(orphans);
      const deleted = await tx.delete(files).where(orphans).returning({ key: files.blobKey });
      return [...deleted, ...derived].map((r) => r.key);
    });
  }

  listAccess(datasetId: number): Promise<AccessRow[]> {
    return this.db
      .select({ userId: users.id, username: users.username, accessType: datasetAccess.accessType })
      .from(datasetAccess)
      .innerJoin(users, eq(users.id, datasetAccess.userId))
      .where(eq(datasetAccess.datasetId, datasetId))
      .orderBy(sql`${datasetAccess.accessType} = 'OWNER' desc`, asc(users.username)) as Promise<AccessRow[]>;
  }

  /** Adds a USER entry; an existing entry (OWNER or USER) stays as it is. */
  async grant(datasetId: number, userId: number): Promise<void> {
    await this.db.insert(datasetAccess).values({ datasetId, userId, accessType: 'USER' }).onConflictDoNothing();
  }

  async revoke(datasetId: number, userId: number): Promise<void> {
    await this.db.delete(datasetAccess).where(and(eq(datasetAccess.datasetId, datasetId), eq(datasetAccess.userId, userId)));
  }

  /** Scenarios whose network post-processing was queued or running when the server stopped. */
  /** `rebuild`: the job was queued because the dataset's CRS changed (its map forms are built again). */
  async unfinishedNetworkJobs(): Promise<{ datasetId: number; fileId: number; rebuild: boolean }[]> {
    const job = sql`${datasets.attributes} -> 'networkPostProcessingJob'`;
    const rows = await this.db
      .select({ datasetId: datasets.id, fileId: sql<number>`(${job} ->> 'fileId')::int`, rebuild: sql<string | null>`${job} ->> 'rebuild'` })
      .from(datasets)
      .where(sql`${job} ->> 'status' in ('CREATED', 'STARTED')`)
      .orderBy(asc(datasets.id));
    return rows.map((r) => ({ datasetId: r.datasetId, fileId: Number(r.fileId), rebuild: r.rebuild === 'true' }));
  }

  /** Scenario-run relations where the dataset is the scenario (dataset1) or the run (dataset2); oldest first. */
  async relations(id: number): Promise<Relation[]> {
    const rows = await this.db
      .select({ type: relations.type, dataset1: relations.dataset1, dataset2: relations.dataset2, fkJob: relations.jobId })
      .from(relations)
      .where(and(or(eq(relations.dataset1, id), eq(relations.dataset2, id)), isNotNull(relations.dataset1), eq(relations.type, 'scenario-run')))
      .orderBy(asc(relations.id));
    return rows.map((r) => ({ type: 'scenario-run', dataset1: r.dataset1!, dataset2: r.dataset2, fkJob: r.fkJob }));
  }

  async findGroup(id: number): Promise<{ id: number; name: string } | null> {
    const rows = await this.db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, id));
    return rows[0] ?? null;
  }

  async isMember(groupId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)));
    return rows.length > 0;
  }

  async findUserByName(username: string): Promise<{ id: number; username: string } | null> {
    const rows = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return rows[0] ?? null;
  }
}

/** A text[] literal built from parameters (drizzle would expand a JS array into a parameter list). */
function textArray(values: string[]) {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
