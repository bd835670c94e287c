/** SQL for dashboards. Items, variables and options are stored as the contract types them (jsonb). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { dashboards } from '../../db/schema.ts';

export interface DashboardRow {
  id: number;
  groupId: number;
  name: string;
  locked: boolean;
  items: unknown[];
  variables: unknown[];
  options: Record<string, unknown>;
  created: Date;
  modified: Date;
}

export interface DashboardContent {
  groupId: number;
  name: string;
  items: unknown[];
  variables: unknown[];
  options: Record<string, unknown>;
}

const columns = {
  id: dashboards.id,
  groupId: dashboards.groupId,
  name: dashboards.name,
  locked: dashboards.locked,
  items: dashboards.items,
  variables: dashboards.variables,
  options: dashboards.options,
  created: dashboards.created,
  modified: dashboards.modified,
};

export class DashboardsRepository {
  constructor(private readonly db: Db) {}

  list(groupId: number): Promise<DashboardRow[]> {
    return this.db.select(columns).from(dashboards).where(eq(dashboards.groupId, groupId)).orderBy(asc(dashboards.id));
  }

  async find(id: number): Promise<DashboardRow | null> {
    const rows = await this.db.select(columns).from(dashboards).where(eq(dashboards.id, id));
    return rows[0] ?? null;
  }

  async insert(content: DashboardContent & { locked: boolean; createdBy: number }): Promise<number> {
    const [row] = await this.db.insert(dashboards).values(content).returning({ id: dashboards.id });
    return row!.id;
  }

  /** Replaces the content of an unlocked dashboard; false when it is locked (or gone) by now. */
  async update(id: number, content: DashboardContent): Promise<boolean> {
    const rows = await this.db
      .update(dashboards)
      .set({ ...content, modified: sql`now()` })
      .where(and(eq(dashboards.id, id), eq(dashboards.locked, false)))
      .returning({ id: dashboards.id });
    return rows.length > 0;
  }

  /** Deletes an unlocked dashboard; false when it is locked (or gone) by now. */
  async delete(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(dashboards)
      .where(and(eq(dashboards.id, id), eq(dashboards.locked, false)))
      .returning({ id: dashboards.id });
    return rows.length > 0;
  }

  async setLocked(id: number, locked: boolean): Promise<void> {
    await this.db.update(dashboards).set({ locked, modified: sql`now()` }).where(eq(dashboards.id, id));
  }
}
