/** SQL for job templates and the default template setting. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { jobTemplates, settings } from '../../db/schema.ts';

export const DEFAULT_TEMPLATE_SETTING = 'defaultJobTemplate';

export class JobTemplatesRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<{ id: number; name: string }[]> {
    return this.db.select({ id: jobTemplates.id, name: jobTemplates.name }).from(jobTemplates).orderBy(asc(jobTemplates.id));
  }

  /** The default template's id, or null when none is set. */
  async defaultId(): Promise<number | null> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULT_TEMPLATE_SETTING));
    return typeof row?.value === 'number' ? row.value : null;
  }
}
