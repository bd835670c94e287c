/** SQL for what a run has besides its dataset row: jobs, scenario relation, events, system files and series. */
import { and, asc, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, datasetTables, groups, jobs, relations, runEvents, runners, runSeries, systemFiles } from '../../db/schema.ts';
import { datasetVisibleTo, type Viewer } from '../datasets/visibility.ts';
import type { ConnectedRunner } from './waiting.ts';

export type JobRow = typeof jobs.$inferSelect;
export type SystemFileRow = typeof systemFiles.$inferSelect;
export type RunEventRow = typeof runEvents.$inferSelect;

export interface RunLinkRow {
  id: number;
  name: string;
  groupName: string;
}

export interface ScenarioOfRun {
  runId: number;
  id: number;
  key: string;
  name: string;
  groupName: string;
}

export class RunsRepository {
  constructor(private readonly db: Db) {}

  /** The newest job of each given run. */
  async latestJobs(runIds: number[]): Promise<Map<number, JobRow>> {
    if (runIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([jobs.datasetId])
      .from(jobs)
      .where(inArray(jobs.datasetId, runIds))
      .orderBy(jobs.datasetId, desc(jobs.id));
    return new Map(rows.map((r) => [r.datasetId!, r]));
  }

  /** What the runners that sent a heartbeat at or after `since` have and can do. */
  connectedRunners(since: Date): Promise<ConnectedRunner[]> {
    return this.db
      .select({ totalResources: runners.totalResources, capabilities: runners.capabilities })
      .from(runners)
      .where(gte(runners.lastHeartbeat, since));
  }

  /** The scenario each run was made from (relation scenario-run), when the scenario still exists and the viewer sees it. */
  async scenarios(runIds: number[], viewer: Viewer): Promise<Map<number, ScenarioOfRun>> {
    if (runIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([relations.dataset2], {
        runId: relations.dataset2,
        id: datasets.id,
        key: datasets.key,
        name: datasets.name,
        groupName: groups.name,
      })
      .from(relations)
      .innerJoin(datasets, eq(datasets.id, relations.dataset1))
      .innerJoin(groups, eq(groups.id, datasets.groupId))
      .where(and(eq(relations.type, 'scenario-run'), inArray(relations.dataset2, runIds), datasetVisibleTo(viewer)))
      .orderBy(relations.dataset2, desc(relations.id));
    return new Map(rows.map((r) => [r.runId, r]));
  }

  /**
   * "Run again" links of a run (relation run-again, issue 26) that the viewer sees: the run it was made from
   * (dataset1 of its relation) and the runs made from it, oldest first.
   */
  async againLinks(runId: number, viewer: Viewer): Promise<{ of: RunLinkRow | null; again: RunLinkRow[] }> {
    // The runs at the other end of the run's run-again relations where the run is on side `mine`.
    const linked = (mine: 'dataset1' | 'dataset2', other: 'dataset1' | 'dataset2') =>
      this.db
        .select({ id: datasets.id, name: datasets.name, groupName: groups.name })
        .from(relations)
        .innerJoin(datasets, eq(datasets.id, relations[other]))
        .innerJoin(groups, eq(groups.id, datasets.groupId))
        .where(and(eq(relations.type, 'run-again'), eq(relations[mine], runId), datasetVisibleTo(viewer)));
    const [[of], again] = await Promise.all([linked('dataset2', 'dataset1').orderBy(desc(relations.id)).limit(1), linked('dataset1', 'dataset2').orderBy(asc(relations.id))]);
    return { of: of ?? null, again };
  }

  /** The labels of each given run (datasets.labels). */
  async labels(runIds: number[]): Promise<Map<number, string[]>> {
    if (runIds.length === 0) return new Map();
    const rows = await this.db.select({ id: datasets.id, labels: datasets.labels }).from(datasets).where(inArray(datasets.id, runIds));
    return new Map(rows.map((r) => [r.id, r.labels]));
  }

  async setLabels(runId: number, labels: string[]): Promise<void> {
    await this.db.update(datasets).set({ labels }).where(eq(datasets.id, runId));
  }

  events(runId: number): Promise<RunEventRow[]> {
    return this.db.select().from(runEvents).where(eq(runEvents.datasetId, runId)).orderBy(asc(runEvents.timestamp), asc(runEvents.id));
  }

  systemFiles(datasetId: number): Promise<SystemFileRow[]> {
    return this.db.select().from(systemFiles).where(eq(systemFiles.datasetId, datasetId)).orderBy(asc(systemFiles.id));
  }

  async systemFile(id: number): Promise<SystemFileRow | null> {
    const [row] = await this.db.select().from(systemFiles).where(eq(systemFiles.id, id));
    return row ?? null;
  }

  /** Log keys of the run: its system files and those of its jobs. */
  async logKeys(runId: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: systemFiles.blobKey })
      .from(systemFiles)
      .where(sql`${systemFiles.datasetId} = ${runId} or ${systemFiles.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.datasetId} = ${runId})`);
    return rows.map((r) => r.key);
  }

  /** Which of the given runs have rows in which series tables. */
  /** Tables imported into the run (from its files or by post-processing), by name. */
  async importedTables(runId: number): Promise<string[]> {
    const rows = await this.db.select({ name: datasetTables.name }).from(datasetTables).where(eq(datasetTables.datasetId, runId)).orderBy(asc(datasetTables.name));
    return rows.map((r) => r.name);
  }

  async seriesTables(runIds: number[]): Promise<{ datasetId: number; table: string }[]> {
    if (runIds.length === 0) return [];
    return this.db
      .selectDistinct({ datasetId: runSeries.datasetId, table: runSeries.table })
      .from(runSeries)
      .where(inArray(runSeries.datasetId, runIds))
      .orderBy(asc(runSeries.datasetId), asc(runSeries.table));
  }

  async seriesCount(runId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(runSeries).where(eq(runSeries.datasetId, runId));
    return Number(row?.n ?? 0);
  }

  /** The run's files that another dataset uses too. */
  async sharedFileIds(runId: number): Promise<Set<number>> {
    const mine = this.db.select({ fileId: datasetFiles.fileId }).from(datasetFiles).where(eq(datasetFiles.datasetId, runId));
    const rows = await this.db
      .selectDistinct({ fileId: datasetFiles.fileId })
      .from(datasetFiles)
      .where(and(inArray(datasetFiles.fileId, mine), ne(datasetFiles.datasetId, runId)));
    return new Set(rows.map((r) => r.fileId));
  }
}
