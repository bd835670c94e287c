import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { licenses } from '../../db/schema.ts';

export interface LicenseRow {
  key: string;
  payload: unknown;
}

export class LicensesRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<LicenseRow[]> {
    return this.db.select({ key: licenses.key, payload: licenses.payload }).from(licenses).orderBy(asc(licenses.added));
  }

  async get(key: string): Promise<LicenseRow | null> {
    const rows = await this.db
      .select({ key: licenses.key, payload: licenses.payload })
      .from(licenses)
      .where(eq(licenses.key, key));
    return rows[0] ?? null;
  }

  /** Adding a key twice keeps one row. */
  async save(key: string, payload: unknown): Promise<void> {
    await this.db.insert(licenses).values({ key, payload }).onConflictDoUpdate({ target: licenses.key, set: { payload } });
  }

  async delete(key: string): Promise<boolean> {
    const rows = await this.db.delete(licenses).where(eq(licenses.key, key)).returning({ key: licenses.key });
    return rows.length > 0;
  }
}
