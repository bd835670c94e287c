/** SQL of the tables catalogue (`dataset_tables`), a run's live series, and the files a dataset can import. */
import type { TableField } from '@corridor/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, datasetTables, files, relations, runSeries } from '../../db/schema.ts';

export interface CatalogueRow {
  id: number;
  datasetId: number;
  name: string;
  fileId: number | null;
  fileName: string | null;
  fields: TableField[];
  rowCount: number;
  storage: string;
}

export interface DatasetFileRow {
  datasetId: number;
  id: number;
  name: string;
  size: number;
  blobKey: string;
}

const catalogueColumns = {
  id: datasetTables.id,
  datasetId: datasetTables.datasetId,
  name: datasetTables.name,
  fileId: datasetTables.fileId,
  fileName: datasetTables.fileName,
  fields: datasetTables.fields,
  rowCount: datasetTables.rowCount,
  storage: datasetTables.storage,
};

export class TablesRepository {
  constructor(private readonly db: Db) {}

  async list(datasetIds: number[]): Promise<CatalogueRow[]> {
    if (datasetIds.length === 0) return [];
    const rows = await this.db.select(catalogueColumns).from(datasetTables).where(inArray(datasetTables.datasetId, datasetIds)).orderBy(asc(datasetTables.datasetId), asc(datasetTables.name));
    return rows as CatalogueRow[];
  }

  async find(datasetId: number, name: string): Promise<CatalogueRow | null> {
    const [row] = await this.db.select(catalogueColumns).from(datasetTables).where(and(eq(datasetTables.datasetId, datasetId), eq(datasetTables.name, name)));
    return (row as CatalogueRow | undefined) ?? null;
  }

  /** Adds a table, or replaces the one of that name (answers the storage it replaced, to be removed). */
  async put(row: Omit<CatalogueRow, 'id'>): Promise<{ replaced: string | null }> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .delete(datasetTables)
        .where(and(eq(datasetTables.datasetId, row.datasetId), eq(datasetTables.name, row.name)))
        .returning({ storage: datasetTables.storage });
      await tx.insert(datasetTables).values(row);
      return { replaced: old?.storage ?? null };
    });
  }

  async delete(datasetId: number, name: string): Promise<string | null> {
    const [row] = await this.db
      .delete(datasetTables)
      .where(and(eq(datasetTables.datasetId, datasetId), eq(datasetTables.name, name)))
      .returning({ storage: datasetTables.storage });
    return row?.storage ?? null;
  }

  /** Every storage name in the catalogue (the sweep removes Parquet files without a row). */
  async storages(): Promise<Set<string>> {
    const rows = await this.db.select({ storage: datasetTables.storage }).from(datasetTables);
    return new Set(rows.map((r) => r.storage));
  }

  /** The datasets' files (a file used by a dataset), by dataset. */
  async datasetFiles(datasetIds: number[]): Promise<DatasetFileRow[]> {
    if (datasetIds.length === 0) return [];
    return this.db
      .select({ datasetId: datasetFiles.datasetId, id: files.id, name: files.name, size: files.size, blobKey: files.blobKey })
      .from(datasetFiles)
      .innerJoin(files, eq(files.id, datasetFiles.fileId))
      .where(inArray(datasetFiles.datasetId, datasetIds))
      .orderBy(asc(files.name), asc(files.id));
  }

  async datasetFile(datasetId: number, fileId: number): Promise<DatasetFileRow | null> {
    const [row] = await this.datasetFiles([datasetId]).then((rows) => rows.filter((r) => r.id === fileId));
    return row ?? null;
  }

  /**
   * One live series table of a run, as stored: no ORDER BY, so rows of one time (readings of one moment) come in the
   * order they were written; the query orders by x and key and keeps this order for ties.
   */
  async series(runId: number, table: string): Promise<{ x: number; key: string; value: number }[]> {
    return this.db
      .select({ x: runSeries.x, key: runSeries.key, value: runSeries.value })
      .from(runSeries)
      .where(and(eq(runSeries.datasetId, runId), eq(runSeries.table, table)));
  }

  /** The scenario each run was made from (for the browse tree: runs under their scenario). */
  async scenarioOfRuns(runIds: number[]): Promise<Map<number, number>> {
    if (runIds.length === 0) return new Map();
    const rows = await this.db
      .select({ runId: relations.dataset2, scenarioId: relations.dataset1 })
      .from(relations)
      .innerJoin(datasets, eq(datasets.id, relations.dataset1))
      .where(and(inArray(relations.dataset2, runIds), eq(datasets.type, 'scenario')));
    return new Map(rows.map((r) => [r.runId, r.scenarioId!]));
  }
}
