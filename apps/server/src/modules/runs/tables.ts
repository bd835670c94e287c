/**
 * A run's live tables (memory, scoreStats, modeStats; spec 1 §7.4) kept as run series: which readable runs have
 * which tables, and the RAW query the overview charts send. The full query engine comes with dashboards.
 */
import { RUN_TABLES, type RunTableName, type TableQuery, type TableQueryAnswer, type TablesAnswer } from '@corridor/contract';
import { requireUser, type Actor } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import { viewerOf, type DatasetAccess } from '../datasets/access.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { RunsRepository } from './repository.ts';
import { isRunTable, planQuery, runTableInfo } from './table-query.ts';

/** Spec 3 §3 "Dataset": datasetType 1 is a scenario, anything else a run. */
export const RUN_DATASET_TYPE = 2;
export const noTable = (table: string) => `There is no table ${table} in this dataset.`;

export class RunTablesService {
  constructor(
    private readonly runs: RunsRepository,
    private readonly datasets: DatasetsRepository,
    private readonly access: DatasetAccess,
  ) {}

  /** The caller's runs that have series, with the tables that have rows. */
  async list(actor: Actor | null): Promise<TablesAnswer> {
    const viewer = viewerOf(requireUser(actor));
    const runs = await this.datasets.listVisible(viewer, 'run');
    const present = await this.runs.seriesTables(runs.map((r) => r.id));
    const tables: TablesAnswer['tables'] = {};
    const order = Object.keys(RUN_TABLES);
    for (const { datasetId, table } of present) {
      if (!isRunTable(table)) continue;
      (tables[String(datasetId)] ??= []).push(runTableInfo(table));
    }
    for (const list of Object.values(tables)) list.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    return {
      datasets: runs.filter((r) => tables[String(r.id)]).map((r) => ({ id: r.id, name: r.name, datasetType: RUN_DATASET_TYPE, groupId: r.groupId })),
      tables,
    };
  }

  /** A RAW query over one run table; a run table without rows yet answers no rows. */
  async query(actor: Actor | null, datasetId: number, table: string, request: TableQuery): Promise<TableQueryAnswer> {
    const { dataset } = await this.access.require(actor, datasetId, 'read');
    if (dataset.type !== 'run' || !isRunTable(table)) throw notFound(noTable(table));
    const plan = planQuery(table as RunTableName, request);
    return { columns: plan.columns, rows: await this.runs.queryTable(datasetId, table, plan) };
  }
}
