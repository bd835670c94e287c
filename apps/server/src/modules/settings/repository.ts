/** The `settings` table: one row per key, its value as JSON. No rules here: see service.ts. */
import type { Db } from '../../db/connection.ts';
import { settings } from '../../db/schema.ts';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<Map<string, unknown>> {
    const rows = await this.db.select().from(settings);
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async save(entries: [key: string, value: unknown][]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const [key, value] of entries) {
        await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
      }
    });
  }
}
