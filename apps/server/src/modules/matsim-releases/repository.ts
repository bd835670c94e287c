/** SQL for the releases page: the job templates, to say which use a release. */
import type { Db } from '../../db/connection.ts';
import { jobTemplates } from '../../db/schema.ts';

export interface TemplateUse {
  id: number;
  name: string;
  matsimVersion: string | null;
  fileIds: number[];
}

export class MatsimReleasesRepository {
  constructor(private readonly db: Db) {}

  async templates(): Promise<TemplateUse[]> {
    const rows = await this.db
      .select({ id: jobTemplates.id, name: jobTemplates.name, matsimVersion: jobTemplates.matsimVersion, files: jobTemplates.files })
      .from(jobTemplates)
      .orderBy(jobTemplates.name, jobTemplates.id);
    return rows.map((r) => ({ id: r.id, name: r.name, matsimVersion: r.matsimVersion, fileIds: r.files.map((f) => f.fileId) }));
  }
}
