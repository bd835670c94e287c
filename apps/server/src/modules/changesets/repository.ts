/** SQL for changesets. */
import type { Changeset, Modification } from '@corridor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { changesets } from '../../db/schema.ts';

/** Stored only from bodies validated against the contract's schemas (the routes), so typed as those. */
export type ChangesetRow = Changeset;

/** What a save writes besides the name: the modifications and how each group was saved (spec 2 §3, §7). */
export interface ChangesetContent {
  modifications: Modification[];
  saveOptions?: Changeset['saveOptions'];
  newFileNames?: Changeset['newFileNames'];
  baseFile?: Changeset['baseFile'];
}

const columns = {
  id: changesets.id,
  name: changesets.name,
  fkDataset: changesets.datasetId,
  modifications: changesets.modifications,
  saveOptions: changesets.saveOptions,
  newFileNames: changesets.newFileNames,
  baseFile: changesets.baseFile,
};

/** A row as answered: the save fields only when a save sent them. */
function answer(row: Record<string, unknown>): ChangesetRow {
  const { saveOptions, newFileNames, baseFile, ...rest } = row;
  return { ...rest, ...(saveOptions ? { saveOptions } : {}), ...(newFileNames ? { newFileNames } : {}), ...(baseFile ? { baseFile } : {}) } as ChangesetRow;
}

/** The columns a save writes (absent save fields are stored as null: the last save did not send them). */
const contentColumns = (content: ChangesetContent) => ({
  modifications: content.modifications,
  saveOptions: content.saveOptions ?? null,
  newFileNames: content.newFileNames ?? null,
  baseFile: content.baseFile ?? null,
});

export class ChangesetsRepository {
  constructor(private readonly db: Db) {}

  async list(datasetId: number): Promise<ChangesetRow[]> {
    return (await this.db.select(columns).from(changesets).where(eq(changesets.datasetId, datasetId)).orderBy(asc(changesets.id))).map(answer);
  }

  async insert(datasetId: number, name: string, content: ChangesetContent): Promise<ChangesetRow> {
    const [row] = await this.db.insert(changesets).values({ datasetId, name, ...contentColumns(content) }).returning(columns);
    return answer(row!);
  }

  async exists(datasetId: number, id: number): Promise<boolean> {
    const rows = await this.db.select({ id: changesets.id }).from(changesets).where(and(eq(changesets.id, id), eq(changesets.datasetId, datasetId)));
    return rows.length > 0;
  }

  /** Answers the updated changeset, or null when the dataset has no changeset with this id. Without content: a rename. */
  async update(datasetId: number, id: number, name: string, content?: ChangesetContent): Promise<ChangesetRow | null> {
    const rows = await this.db
      .update(changesets)
      .set({ name, ...(content ? contentColumns(content) : {}), modified: sql`now()` })
      .where(and(eq(changesets.id, id), eq(changesets.datasetId, datasetId)))
      .returning(columns);
    return rows[0] ? answer(rows[0]) : null;
  }

  async delete(datasetId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(changesets)
      .where(and(eq(changesets.id, id), eq(changesets.datasetId, datasetId)))
      .returning({ id: changesets.id });
    return rows.length > 0;
  }
}
