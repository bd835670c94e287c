/** SQL for job templates and the default template setting. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { JobTemplate } from '@corridor/contract';
import type { Db } from '../../db/connection.ts';
import { files, jobTemplates, settings } from '../../db/schema.ts';

export const DEFAULT_TEMPLATE_SETTING = 'defaultJobTemplate';

type TemplateRow = typeof jobTemplates.$inferSelect;

/** The stored fields of a template; `files` name the user files staged with it. */
export interface TemplateFields {
  name: string;
  description: string;
  matsimVersion: string | null;
  toolIntegrations: string[];
  allowCustomJar: boolean;
  command: string;
  files: { fileId: number; name: string; extractArchive: boolean }[];
}

export class JobTemplatesRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<JobTemplate[]> {
    const rows = await this.db.select().from(jobTemplates).orderBy(asc(jobTemplates.id));
    return rows.map(toTemplate);
  }

  async find(id: number): Promise<JobTemplate | null> {
    const [row] = await this.db.select().from(jobTemplates).where(eq(jobTemplates.id, id));
    return row ? toTemplate(row) : null;
  }

  async insert(fields: TemplateFields): Promise<JobTemplate> {
    const [row] = await this.db.insert(jobTemplates).values(fields).returning();
    return toTemplate(row!);
  }

  /** Null when there is no such template. */
  async update(id: number, fields: TemplateFields): Promise<JobTemplate | null> {
    const [row] = await this.db.update(jobTemplates).set(fields).where(eq(jobTemplates.id, id)).returning();
    return row ? toTemplate(row) : null;
  }

  /** Deletes the template and, when it was the default, the default setting; false when there was none. */
  async delete(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const deleted = await tx.delete(jobTemplates).where(eq(jobTemplates.id, id)).returning({ id: jobTemplates.id });
      if (deleted.length === 0) return false;
      const [current] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULT_TEMPLATE_SETTING));
      if (current?.value === id) await tx.delete(settings).where(eq(settings.key, DEFAULT_TEMPLATE_SETTING));
      return true;
    });
  }

  /** The default template's id, or null when none is set. */
  async defaultId(): Promise<number | null> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULT_TEMPLATE_SETTING));
    return typeof row?.value === 'number' ? row.value : null;
  }

  async setDefault(id: number): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key: DEFAULT_TEMPLATE_SETTING, value: id })
      .onConflictDoUpdate({ target: settings.key, set: { value: id } });
  }

  async clearDefault(): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, DEFAULT_TEMPLATE_SETTING));
  }

  /** Name and blob of the given files that exist, by id. */
  async filesByIds(ids: number[]): Promise<Map<number, { name: string; blobKey: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: files.id, name: files.name, blobKey: files.blobKey }).from(files).where(inArray(files.id, ids));
    return new Map(rows.map((r) => [r.id, { name: r.name, blobKey: r.blobKey }]));
  }
}

function toTemplate(row: TemplateRow): JobTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    matsimVersion: row.matsimVersion,
    toolIntegrations: row.toolIntegrations,
    allowCustomJar: row.allowCustomJar,
    command: row.command,
    files: row.files.map((f, i) => ({ id: i + 1, name: f.name, fkUserFile: f.fileId, extractArchive: f.extractArchive, fkJobTemplate: row.id })),
  };
}
