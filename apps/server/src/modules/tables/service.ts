/**
 * Tables of datasets (spec 3 §2.1, §7; spec 1 §7.4): CSV files imported as tables into DuckDB, a run's live series
 * (memory, scoreStats, modeStats) as tables too, the catalogue by group, deletion, the browse tree, and the one
 * query path both kinds of table take.
 */
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import {
  defaultTableName,
  isImportableTableFile,
  type BrowseNode,
  type DatasetTable,
  type GroupTablesAnswer,
  type TableField,
  type TableQuery,
  type TableQueryAnswer,
  type TablesAnswer,
} from '@corridor/contract';
import { detectCompression } from '@corridor/matsim';
import { buildTableQuery, detectSeparator, type BuildOptions, headerCells, modernColumnNames, TableQueryError } from '@corridor/tables';
import { isAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { askedBy, SERVER, storedBlob, type Asker, type Processing } from '../../workers/processing.ts';
import { viewerOf, type DatasetAccess } from '../datasets/access.ts';
import type { DatasetListRow, DatasetsRepository } from '../datasets/repository.ts';
import { ROW_ORDINAL, TableEngineError, type TableEngine } from './engine.ts';
import { isLiveTable, liveTableFields, LIVE_TABLE_ORDER } from './live.ts';
import type { RunsRepository } from '../runs/repository.ts';
import type { CatalogueRow, DatasetFileRow, TablesRepository } from './repository.ts';

/** Spec 3 §3 "Dataset": datasetType 1 is a scenario, anything else a run. */
export const SCENARIO_DATASET_TYPE = 1;
export const RUN_DATASET_TYPE = 2;
export const TABLE_MESSAGES = {
  noTable: (table: string) => `There is no table ${table} in this dataset.`,
  noFile: 'The file could not be found in this dataset.',
  notImportable: (name: string) => `${name} cannot be imported as a table: only .csv, .csv.gz, .csv.zst and tab-separated .txt files can.`,
  empty: (name: string) => `${name} is empty: a table needs at least a header line.`,
  unreadable: (name: string, reason: string) => `${name} could not be read as a table: ${reason}`,
  liveTable: (table: string) => `The table ${table} belongs to the run and cannot be deleted.`,
  badName: 'A table name must have 1 to 100 characters.',
  groupNotFound: 'The team could not be found.',
} as const;

export interface TablesServiceDeps {
  tables: TablesRepository;
  /** Which runs have rows in which live series (the runs module keeps the series). */
  runs: Pick<RunsRepository, 'seriesTables'>;
  datasets: DatasetsRepository;
  access: DatasetAccess;
  engine: TableEngine;
  blobs: BlobStore;
  processing: Processing;
}

const datasetType = (d: { type: string }) => (d.type === 'scenario' ? SCENARIO_DATASET_TYPE : RUN_DATASET_TYPE);
const answerDataset = (d: DatasetListRow) => ({ id: d.id, name: d.name, datasetType: datasetType(d), groupId: d.groupId });

export class TablesService {
  constructor(private readonly deps: TablesServiceDeps) {}

  /** GET /datasets/tables: every dataset the caller sees that has tables. */
  async listAll(actor: Actor | null): Promise<TablesAnswer> {
    const viewer = viewerOf(requireUser(actor));
    const [scenarios, runs] = await Promise.all([this.deps.datasets.listVisible(viewer, 'scenario'), this.deps.datasets.listVisible(viewer, 'run')]);
    return this.tablesOf([...scenarios, ...runs], true);
  }

  /** GET /datasets/groups/{groupId}/tables: the group's datasets (all of them) and their tables. */
  async listGroup(actor: Actor | null, groupId: number): Promise<GroupTablesAnswer> {
    const datasets = await this.groupDatasets(actor, groupId);
    return this.tablesOf(datasets, false);
  }

  private async tablesOf(datasets: DatasetListRow[], onlyWithTables: boolean): Promise<GroupTablesAnswer> {
    const ids = datasets.map((d) => d.id);
    const runIds = datasets.filter((d) => d.type === 'run').map((d) => d.id);
    const [catalogue, live] = await Promise.all([this.deps.tables.list(ids), this.deps.runs.seriesTables(runIds)]);
    const tables: Record<string, DatasetTable[]> = {};
    for (const { datasetId, table } of live) {
      if (!isLiveTable(table)) continue;
      (tables[String(datasetId)] ??= []).push({ name: table, userFileId: null, fields: liveTableFields(table), fileName: null, rowCount: null, live: true });
    }
    for (const list of Object.values(tables)) list.sort((a, b) => LIVE_TABLE_ORDER.indexOf(a.name) - LIVE_TABLE_ORDER.indexOf(b.name));
    for (const row of catalogue) (tables[String(row.datasetId)] ??= []).push(presentTable(row));
    const shown = onlyWithTables ? datasets.filter((d) => tables[String(d.id)]) : datasets;
    return { datasets: shown.map(answerDataset), tables };
  }

  /** The datasets of a group the caller sees; the group must exist and the caller be a member (or an admin). */
  private async groupDatasets(actor: Actor | null, groupId: number): Promise<DatasetListRow[]> {
    const user = requireUser(actor);
    const group = await this.deps.datasets.findGroup(groupId);
    if (!group || (!isAdmin(user) && !(await this.deps.datasets.isMember(groupId, user.userId)))) throw notFound(TABLE_MESSAGES.groupNotFound);
    const viewer = viewerOf(user);
    const [scenarios, runs] = await Promise.all([this.deps.datasets.listVisible(viewer, 'scenario', groupId), this.deps.datasets.listVisible(viewer, 'run', groupId)]);
    return [...scenarios, ...runs];
  }

  /** POST /datasets/datasets/{id}/import-as-table/{fileId}: the file as a table (replacing one of the same name). */
  async importFile(actor: Actor | null, datasetId: number, fileId: number, requestedName?: string | null): Promise<DatasetTable> {
    await this.deps.access.require(actor, datasetId, 'edit');
    const file = await this.deps.tables.datasetFile(datasetId, fileId);
    if (!file) throw notFound(TABLE_MESSAGES.noFile);
    return this.importDatasetFile(datasetId, file, requestedName, askedBy(requireUser(actor)));
  }

  /** Imports one file of a dataset; no access check (callers check, or it is the platform's own post-processing). */
  async importDatasetFile(datasetId: number, file: DatasetFileRow, requestedName?: string | null, asker: Asker = SERVER): Promise<DatasetTable> {
    const label = path.posix.basename(file.name);
    if (!isImportableTableFile(file.name)) throw badRequest(TABLE_MESSAGES.notImportable(label));
    const name = requestedName?.trim() || defaultTableName(file.name);
    if (name.length === 0 || name.length > 100) throw badRequest(TABLE_MESSAGES.badName);
    const { blobs, engine, processing } = this.deps;
    const head = await processing.csvHead(storedBlob(blobs, file.blobKey), asker);
    if (head.empty || head.firstLine.trim() === '') throw badRequest(TABLE_MESSAGES.empty(label));
    const separator = detectSeparator(head.firstLine);
    const storage = randomUUID();
    const source = await this.localCopy(file);
    let imported;
    try {
      const compression = await sniffCompression(source.path);
      imported = await engine.importCsv({ path: source.path, separator, compression, headerCells: headerCells(head.firstLine, separator).length, rename: modernColumnNames }, storage);
    } catch (err) {
      await engine.remove(storage);
      throw badRequest(TABLE_MESSAGES.unreadable(label, duckMessage(err)));
    } finally {
      await source.release();
    }
    const row = { datasetId, name, fileId: file.id, fileName: file.name, fields: imported.fields, rowCount: imported.rowCount, storage };
    try {
      const { replaced } = await this.deps.tables.put(row);
      if (replaced) await engine.remove(replaced);
    } catch (err) {
      await engine.remove(storage);
      throw err;
    }
    return presentTable({ id: 0, ...row });
  }

  /** DELETE /datasets/datasets/{id}/tables/{table}. */
  async delete(actor: Actor | null, datasetId: number, table: string): Promise<void> {
    await this.deps.access.require(actor, datasetId, 'edit');
    const storage = await this.deps.tables.delete(datasetId, table);
    if (storage === null) {
      if (isLiveTable(table)) throw badRequest(TABLE_MESSAGES.liveTable(table));
      throw notFound(TABLE_MESSAGES.noTable(table));
    }
    await this.deps.engine.remove(storage);
  }

  /** POST /datasets/datasets/{id}/tables/{table}/query: an imported table, else a run's live table. */
  async query(actor: Actor | null, datasetId: number, table: string, request: TableQuery): Promise<TableQueryAnswer> {
    const { dataset } = await this.deps.access.require(actor, datasetId, 'read');
    const stored = await this.deps.tables.find(datasetId, table);
    if (stored) {
      const built = build({ name: table, fields: stored.fields }, request);
      return { columns: built.columns, rows: await this.run(() => this.deps.engine.query(stored.storage, built, table)) };
    }
    if (dataset.type !== 'run' || !isLiveTable(table)) throw notFound(TABLE_MESSAGES.noTable(table));
    const fields = liveTableFields(table);
    // Series rows have no order of their own once loaded: x, then key, then as stored, as the run charts draw them.
    const built = build({ name: table, fields }, request, { rowOrder: [fields[0]!.name, 'key', ROW_ORDINAL] });
    const series = await this.deps.tables.series(datasetId, table);
    const rows = series.map((p) => [p.x, p.value, p.key]);
    return { columns: built.columns, rows: await this.run(() => this.deps.engine.queryRows(fields, rows, built, table)) };
  }

  /** GET /datasets/groups/{groupId}/browse: scenarios with their runs (runs of no visible scenario at the top), files. */
  async browse(actor: Actor | null, groupId: number): Promise<BrowseNode> {
    const datasets = await this.groupDatasets(actor, groupId);
    const group = (await this.deps.datasets.findGroup(groupId))!;
    const ids = datasets.map((d) => d.id);
    const [files, catalogue, live, parents] = await Promise.all([
      this.deps.tables.datasetFiles(ids),
      this.deps.tables.list(ids),
      this.deps.runs.seriesTables(datasets.filter((d) => d.type === 'run').map((d) => d.id)),
      this.deps.tables.scenarioOfRuns(datasets.filter((d) => d.type === 'run').map((d) => d.id)),
    ]);
    const nodes = new Map<number, BrowseNode>();
    for (const d of datasets) {
      const tables = catalogue.filter((t) => t.datasetId === d.id);
      const liveCount = live.filter((l) => l.datasetId === d.id && isLiveTable(l.table)).length;
      nodes.set(d.id, {
        meta: { kind: 'dataset', id: d.id, name: d.name, datasetType: datasetType(d), tableCount: tables.length + liveCount },
        children: [],
        files: files
          .filter((f) => f.datasetId === d.id)
          .map((f) => ({ id: f.id, name: f.name, size: f.size, importable: isImportableTableFile(f.name), table: tables.find((t) => t.fileId === f.id)?.name ?? null })),
      });
    }
    const root: BrowseNode = { meta: { kind: 'group', id: group.id, name: group.name }, children: [], files: [] };
    for (const d of datasets) {
      const parent = d.type === 'run' ? nodes.get(parents.get(d.id) ?? -1) : undefined;
      (parent ?? root).children.push(nodes.get(d.id)!);
    }
    return root;
  }

  /** The blob as a file DuckDB can read: the store's own file, or a temporary copy. */
  private async localCopy(file: DatasetFileRow): Promise<{ path: string; release: () => Promise<void> }> {
    const local = this.deps.blobs.localPath?.(file.blobKey) ?? null;
    if (local) return { path: local, release: async () => {} };
    const temp = path.join(this.deps.engine.dir, 'tmp', `${randomUUID()}.src`);
    await pipeline(this.deps.blobs.read(file.blobKey), createWriteStream(temp));
    return { path: temp, release: () => rm(temp, { force: true }) };
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof TableEngineError) throw badRequest(err.message);
      // DuckDB refusing a statement built from a valid query (e.g. a cast the data does not allow) is the request's fault.
      if (err instanceof Error && /^(Conversion|Binder|Invalid Input|Out of Range) Error/.test(err.message)) throw badRequest(duckMessage(err));
      throw err;
    }
  }
}

function build(table: { name: string; fields: TableField[] }, request: TableQuery, options?: BuildOptions) {
  try {
    return buildTableQuery(table, request, options);
  } catch (err) {
    if (err instanceof TableQueryError) throw badRequest(err.message);
    throw err;
  }
}

function presentTable(row: Omit<CatalogueRow, 'id'> & { id: number }): DatasetTable {
  return { name: row.name, userFileId: row.fileId, fields: row.fields, fileName: row.fileName, rowCount: row.rowCount, live: false };
}

/** DuckDB's message without its SQL excerpt (which shows file paths), first line only. */
export function duckMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const first = text.split('\n')[0]!.replace(/\s*LINE \d+:.*$/, '');
  return first.replaceAll(/'[^']*\/(tables|files)\/[^']*'/g, 'the file').slice(0, 500);
}

/** gzip and zstd by their magic numbers (files are stored without their names). */
async function sniffCompression(file: string): Promise<'gzip' | 'zstd' | 'none'> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return detectCompression(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * Removes Parquet files no catalogue row names (a dataset deleted with its tables cascades the rows away).
 * Files younger than `minAgeMs` are left: an import writes its file before its row.
 */
export async function sweepTableFiles(engine: TableEngine, tables: TablesRepository, minAgeMs = 10 * 60_000): Promise<number> {
  const known = await tables.storages();
  let removed = 0;
  for (const storage of await engine.storages()) {
    if (known.has(storage)) continue;
    if (Date.now() - (await engine.modified(storage)) < minAgeMs) continue;
    await engine.remove(storage);
    removed++;
  }
  return removed;
}
