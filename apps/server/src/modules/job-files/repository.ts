/** SQL for job files: the list, and the job file a prespecified file was copied into. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { JOB_FILE_TYPE } from '@corridor/contract';
import type { Db } from '../../db/connection.ts';
import { files } from '../../db/schema.ts';

export interface JobFileRow {
  id: number;
  name: string;
  size: number;
  added: Date;
  attributes: Record<string, unknown>;
}

export class JobFilesRepository {
  constructor(private readonly db: Db) {}

  /** Every job file, the newest first. */
  list(): Promise<JobFileRow[]> {
    return this.db
      .select({ id: files.id, name: files.name, size: files.size, added: files.added, attributes: files.attributes })
      .from(files)
      .where(eq(files.type, JOB_FILE_TYPE))
      .orderBy(desc(files.added), desc(files.id));
  }

  /** The job files prespecified files were copied into, by key (the newest copy of each). */
  async copies(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ id: files.id, key: sql<string>`${files.attributes}->>'prespecified'` })
      .from(files)
      .where(and(eq(files.type, JOB_FILE_TYPE), sql`${files.attributes}->>'prespecified' is not null`))
      .orderBy(files.id);
    return new Map(rows.map((r) => [r.key, r.id]));
  }

  async insertCopy(input: { key: string; name: string; size: number; blobKey: string; createdBy: number }): Promise<number> {
    const [row] = await this.db
      .insert(files)
      .values({
        name: input.name,
        size: input.size,
        blobKey: input.blobKey,
        tag: null,
        type: JOB_FILE_TYPE,
        attributes: { prespecified: input.key, archive: 'zip' },
        createdBy: input.createdBy,
      })
      .returning({ id: files.id });
    return row!.id;
  }
}
