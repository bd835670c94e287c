/** SQL for the scenario export: the chosen files of a scenario with what reading them needs. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, files } from '../../db/schema.ts';

export interface ExportFileRow {
  id: number;
  name: string;
  size: number;
  blobKey: string;
  tag: string | null;
  attributes: Record<string, unknown>;
  modified: Date;
}

export class ScenarioExportRepository {
  constructor(private readonly db: Db) {}

  /** Those of the files the dataset uses, by id. */
  async filesOfDataset(datasetId: number, fileIds: readonly number[]): Promise<Map<number, ExportFileRow>> {
    if (fileIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: files.id, name: files.name, size: files.size, blobKey: files.blobKey, tag: files.tag, attributes: files.attributes, modified: files.modified })
      .from(files)
      .innerJoin(datasetFiles, eq(datasetFiles.fileId, files.id))
      .where(and(eq(datasetFiles.datasetId, datasetId), inArray(files.id, [...fileIds])));
    return new Map(rows.map((row) => [row.id, row]));
  }
}
