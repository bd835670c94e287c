/** SQL for changesets. */
import type { Modification } from '@corridor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { changesets } from '../../db/schema.ts';

export interface ChangesetRow {
  id: number;
  name: string;
  fkDataset: number;
  /** Stored only from bodies validated against the modification schemas (the routes), so typed as those. */
  modifications: Modification[];
}

const columns = { id: changesets.id, name: changesets.name, fkDataset: changesets.datasetId, modifications: changesets.modifications };

export class ChangesetsRepository {
  constructor(private readonly db: Db) {}

  async list(datasetId: number): Promise<ChangesetRow[]> {
    return (await this.db.select(columns).from(changesets).where(eq(changesets.datasetId, datasetId)).orderBy(asc(changesets.id))) as ChangesetRow[];
  }

  async insert(datasetId: number, name: string, modifications: Modification[]): Promise<ChangesetRow> {
    const [row] = await this.db.insert(changesets).values({ datasetId, name, modifications }).returning(columns);
    return row! as ChangesetRow;
  }

  /** Answers the updated changeset, or null when the dataset has no changeset with this id. */
  async update(datasetId: number, id: number, changes: { name: string; modifications?: Modification[] }): Promise<ChangesetRow | null> {
    const rows = await this.db
      .update(changesets)
      .set({ ...changes, modified: sql`now()` })
      .where(and(eq(changesets.id, id), eq(changesets.datasetId, datasetId)))
      .returning(columns);
    return (rows[0] as ChangesetRow | undefined) ?? null;
  }

  async delete(datasetId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(changesets)
      .where(and(eq(changesets.id, id), eq(changesets.datasetId, datasetId)))
      .returning({ id: changesets.id });
    return rows.length > 0;
  }
}
