/** SQL for job templates and the default template setting. */
import { asc, eq } from 'drizzle-orm';
import type { JobTemplate } from '@corridor/contract';
import type { Db } from '../../db/connection.ts';
import { jobTemplates, settings } from '../../db/schema.ts';

export const DEFAULT_TEMPLATE_SETTING = 'defaultJobTemplate';

export class JobTemplatesRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<JobTemplate[]> {
    const rows = await this.db.select().from(jobTemplates).orderBy(asc(jobTemplates.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      matsimVersion: row.matsimVersion,
      toolIntegrations: row.toolIntegrations,
      allowCustomJar: row.allowCustomJar,
      command: row.command,
      files: row.files.map((f, i) => ({ id: i + 1, name: f.name, fkUserFile: f.fileId, extractArchive: f.extractArchive, fkJobTemplate: row.id })),
    }));
  }

  /** The default template's id, or null when none is set. */
  async defaultId(): Promise<number | null> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULT_TEMPLATE_SETTING));
    return typeof row?.value === 'number' ? row.value : null;
  }
}
