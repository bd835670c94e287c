/** SQL of the DRT save: derived files made from a file's old content go when the content is replaced in place. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { derivedFiles } from '../../db/schema.ts';

export class DrtSaveRepository {
  constructor(private readonly db: Db) {}

  /** Removes the file's derived files; answers their blob keys. */
  async dropDerived(fileId: number): Promise<string[]> {
    const rows = await this.db.delete(derivedFiles).where(eq(derivedFiles.fileId, fileId)).returning({ key: derivedFiles.blobKey });
    return rows.map((row) => row.key);
  }
}
