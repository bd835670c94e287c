/** SQL for changesets. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { changesets } from '../../db/schema.ts';

export interface ChangesetRow {
  id: number;
  name: string;
  fkDataset: number;
  modifications: unknown[];
}

const columns = { id: changesets.id, name: changesets.name, fkDataset: changesets.datasetId, modifications: changesets.modifications };

export class ChangesetsRepository {
  constructor(private readonly db: Db) {}

  list(datasetId: number): Promise<ChangesetRow[]> {
    return this.db.select(columns).from(changesets).where(eq(changesets.datasetId, datasetId)).orderBy(asc(changesets.id));
  }

  async insert(datasetId: number, name: string, modifications: unknown[]): Promise<ChangesetRow> {
    const [row] = await this.db.insert(changesets).values({ datasetId, name, modifications }).returning(columns);
    return row!;
  }

  /** Answers the updated changeset, or null when the dataset has no changeset with this id. */
  async update(datasetId: number, id: number, changes: { name: string; modifications?: unknown[] }): Promise<ChangesetRow | null> {
    const rows = await this.db
      .update(changesets)
      .set({ ...changes, modified: sql`now()` })
      .where(and(eq(changesets.id, id), eq(changesets.datasetId, datasetId)))
      .returning(columns);
    return rows[0] ?? null;
  }

  async delete(datasetId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(changesets)
      .where(and(eq(changesets.id, id), eq(changesets.datasetId, datasetId)))
      .returning({ id: changesets.id });
    return rows.length > 0;
  }
}
