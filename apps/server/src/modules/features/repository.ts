import type { Db } from '../../db/connection.ts';
import { features } from '../../db/schema.ts';

export class FeaturesRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<{ name: string; enabled: boolean }[]> {
    return this.db.select().from(features);
  }

  async save(entries: { name: string; enabled: boolean }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const entry of entries) {
        await tx
          .insert(features)
          .values(entry)
          .onConflictDoUpdate({ target: features.name, set: { enabled: entry.enabled } });
      }
    });
  }
}
