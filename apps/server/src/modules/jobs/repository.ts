/** SQL for scheduling and reading jobs: the run dataset with its job in one transaction, job reads, cancel requests. */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import {
  changesets,
  datasetAccess,
  datasetFiles,
  datasets,
  files,
  groups,
  jobFiles,
  jobs,
  jobTemplates,
  relations,
  runEvents,
  settings,
  systemFiles,
} from '../../db/schema.ts';
import { DEFAULT_TEMPLATE_SETTING } from '../job-templates/repository.ts';
import type { NewDataset } from '../datasets/repository.ts';
import { datasetVisibleTo, type Viewer } from '../datasets/visibility.ts';
import { LOG_TYPE } from '../runner-protocol/job-log.ts';

export interface TemplateRow {
  id: number;
  command: string;
}

/** A run dataset: a dataset of type run, scheduled from a scenario. */
export interface NewRun extends Omit<NewDataset, 'type'> {
  /** The scenario it was run from (the scenario-run relation); null for an external run without one. */
  scenarioId: number | null;
  /** The run this one is a "Run again" of (relation run-again, issue 26). */
  againOf?: number;
}

/**
 * What "Run again" takes from a run's newest job (issue 26): what a new job is made of (its `files` are the job's
 * input files that still exist; a deleted file's row goes with it), and the run's scenario while it exists.
 */
export interface RunAgainSource extends Pick<NewJob, 'templateId' | 'command' | 'parameters' | 'ramInGb' | 'cpuCores' | 'files'> {
  jobId: number;
  external: boolean;
  scenarioId: number | null;
}

export interface NewJob {
  templateId: number | null;
  command: string;
  parameters: Record<string, unknown>;
  ramInGb: number;
  cpuCores: number;
  files: { fileId: number; role: string; name: string }[];
  /** Files made for this run (the network, the transit schedule with its changesets applied): stored with the run, each replaces its role's input. */
  derived?: DerivedFile[];
  /** A run executed outside Corridor (modules/external-runs): STARTED at once with runStarted, never claimed. */
  external?: boolean;
  now: Date;
}

/** A file made for a run from one of its inputs (issue 13, 28). */
export interface DerivedFile {
  role: string;
  file: { name: string; size: number; blobKey: string; tag: string | null; attributes: Record<string, unknown>; createdBy: number };
}

export interface NewLog {
  name: string;
  blobKey: string;
  size: number;
}

export interface JobRow {
  id: number;
  name: string;
  datasetId: number | null;
  groupName: string | null;
  status: string;
  submitted: Date;
  started: Date | null;
  finished: Date | null;
  lastUpdated: Date;
  parameters: Record<string, unknown>;
  command: string;
  templateId: number | null;
  cancelRequested: boolean;
  runnerName: string | null;
  message: string | null;
  exitCode: number | null;
  external: boolean;
  stdoutFileId: number | null;
  files: { id: number; role: string; name: string }[];
}

const stdoutFile = sql<number | null>`(select ${systemFiles.id} from ${systemFiles}
  where ${systemFiles.jobId} = ${jobs.id} and ${systemFiles.type} = ${LOG_TYPE} order by ${systemFiles.id} limit 1)`;

const jobColumns = {
  id: jobs.id,
  name: jobs.name,
  datasetId: jobs.datasetId,
  groupName: groups.name,
  status: jobs.status,
  submitted: jobs.submitted,
  started: jobs.started,
  finished: jobs.finished,
  lastUpdated: jobs.lastUpdated,
  parameters: jobs.parameters,
  command: jobs.command,
  templateId: jobs.templateId,
  cancelRequested: jobs.cancelRequested,
  runnerName: jobs.runnerName,
  message: jobs.message,
  exitCode: jobs.exitCode,
  external: jobs.external,
  stdoutFileId: stdoutFile,
};

export class JobsRepository {
  constructor(private readonly db: Db) {}

  /** Which of the files the scenario uses. */
  async filesOfDataset(datasetId: number, fileIds: number[]): Promise<Set<number>> {
    if (fileIds.length === 0) return new Set();
    const rows = await this.db
      .select({ fileId: datasetFiles.fileId })
      .from(datasetFiles)
      .where(and(eq(datasetFiles.datasetId, datasetId), inArray(datasetFiles.fileId, fileIds)));
    return new Set(rows.map((r) => r.fileId));
  }

  /** Which of the changesets belong to the scenario. */
  async changesetsOf(datasetId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: changesets.id })
      .from(changesets)
      .where(and(eq(changesets.datasetId, datasetId), inArray(changesets.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  /** The changesets with their modifications, in the order of the ids. */
  async changesetsInOrder(datasetId: number, ids: number[]): Promise<{ id: number; name: string; modifications: unknown[] }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: changesets.id, name: changesets.name, modifications: changesets.modifications })
      .from(changesets)
      .where(and(eq(changesets.datasetId, datasetId), inArray(changesets.id, ids)));
    return ids.flatMap((id) => rows.filter((r) => r.id === id));
  }

  async fileBlob(id: number): Promise<{ name: string; blobKey: string; tag: string | null; attributes: Record<string, unknown> } | null> {
    const [row] = await this.db.select({ name: files.name, blobKey: files.blobKey, tag: files.tag, attributes: files.attributes }).from(files).where(eq(files.id, id));
    return row ?? null;
  }

  async template(id: number): Promise<TemplateRow | null> {
    const [row] = await this.db.select({ id: jobTemplates.id, command: jobTemplates.command }).from(jobTemplates).where(eq(jobTemplates.id, id));
    return row ?? null;
  }

  async defaultTemplateId(): Promise<number | null> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULT_TEMPLATE_SETTING));
    return typeof row?.value === 'number' ? row.value : null;
  }

  async firstTemplate(): Promise<TemplateRow | null> {
    const [row] = await this.db.select({ id: jobTemplates.id, command: jobTemplates.command }).from(jobTemplates).orderBy(asc(jobTemplates.id)).limit(1);
    return row ?? null;
  }

  /**
   * One transaction: the run dataset, its creator's OWNER entry, its usage of every input file (the run keeps its
   * inputs even when the scenario goes), the scenario-run relation, the job (CREATED), its files by role and its
   * log system file (whose bytes the caller wrote before).
   */
  async createRun(run: NewRun, job: NewJob, log: NewLog): Promise<{ runId: number; jobId: number }> {
    return this.db.transaction(async (tx) => {
      const [dataset] = await tx
        .insert(datasets)
        .values({
          type: 'run',
          groupId: run.groupId,
          key: run.key,
          name: run.name,
          description: run.description,
          attributes: run.attributes,
          createdBy: run.createdBy,
          created: job.now,
          modified: job.now,
        })
        .returning({ id: datasets.id });
      const runId = dataset!.id;
      await tx.insert(datasetAccess).values({ datasetId: runId, userId: run.createdBy, accessType: 'OWNER' });
      for (const { role, file } of job.derived ?? []) {
        const [made] = await tx.insert(files).values(file).returning({ id: files.id });
        job = { ...job, files: job.files.map((f) => (f.role === role ? { ...f, fileId: made!.id, name: file.name } : f)) };
      }
      const inputs = [...new Set(job.files.map((f) => f.fileId))];
      if (inputs.length > 0) await tx.insert(datasetFiles).values(inputs.map((fileId) => ({ datasetId: runId, fileId })));
      const [created] = await tx
        .insert(jobs)
        .values({
          name: run.name,
          datasetId: runId,
          groupId: run.groupId,
          createdBy: run.createdBy,
          status: job.external ? 'STARTED' : 'CREATED',
          external: job.external ?? false,
          started: job.external ? job.now : null,
          templateId: job.templateId,
          command: job.command,
          parameters: job.parameters,
          ramInGb: job.ramInGb,
          cpuCores: job.cpuCores,
          submitted: job.now,
          lastUpdated: job.now,
        })
        .returning({ id: jobs.id });
      const jobId = created!.id;
      if (run.scenarioId !== null) await tx.insert(relations).values({ type: 'scenario-run', dataset1: run.scenarioId, dataset2: runId, jobId, created: job.now });
      if (run.againOf !== undefined) await tx.insert(relations).values({ type: 'run-again', dataset1: run.againOf, dataset2: runId, jobId, created: job.now });
      if (job.external) await tx.insert(runEvents).values({ datasetId: runId, type: 'runStarted', status: 'STARTED', timestamp: job.now });
      if (job.files.length > 0) await tx.insert(jobFiles).values(job.files.map((f) => ({ jobId, ...f })));
      await tx.insert(systemFiles).values({ datasetId: runId, jobId, type: LOG_TYPE, name: log.name, blobKey: log.blobKey, size: log.size });
      return { runId, jobId };
    });
  }

  /** The job if the viewer may see its run. */
  async find(id: number, viewer: Viewer): Promise<JobRow | null> {
    const rows = await this.selectJobs(and(eq(jobs.id, id), datasetVisibleTo(viewer)), 1);
    return rows[0] ?? null;
  }

  /** Jobs of runs the viewer can see (all for administrators), newest first. */
  list(viewer: Viewer, limit: number): Promise<JobRow[]> {
    return this.selectJobs(datasetVisibleTo(viewer), limit);
  }

  /** The run's newest job. */
  async latestJobOf(datasetId: number): Promise<{ id: number; status: string; external: boolean } | null> {
    const [row] = await this.db.select({ id: jobs.id, status: jobs.status, external: jobs.external }).from(jobs).where(eq(jobs.datasetId, datasetId)).orderBy(desc(jobs.id)).limit(1);
    return row ?? null;
  }

  /** The run's newest job with what "Run again" needs, or null when the run has no job. */
  async runAgainSource(runId: number): Promise<RunAgainSource | null> {
    const [job] = await this.db
      .select({
        jobId: jobs.id,
        external: jobs.external,
        templateId: jobs.templateId,
        command: jobs.command,
        parameters: jobs.parameters,
        ramInGb: jobs.ramInGb,
        cpuCores: jobs.cpuCores,
      })
      .from(jobs)
      .where(eq(jobs.datasetId, runId))
      .orderBy(desc(jobs.id))
      .limit(1);
    if (!job) return null;
    const inputs = await this.db
      .select({ fileId: jobFiles.fileId, role: jobFiles.role, name: jobFiles.name })
      .from(jobFiles)
      .where(eq(jobFiles.jobId, job.jobId))
      .orderBy(asc(jobFiles.role), asc(jobFiles.fileId));
    const [scenario] = await this.db
      .select({ id: relations.dataset1 })
      .from(relations)
      .where(and(eq(relations.type, 'scenario-run'), eq(relations.dataset2, runId), isNotNull(relations.dataset1)))
      .orderBy(desc(relations.id))
      .limit(1);
    return { ...job, files: inputs, scenarioId: scenario?.id ?? null };
  }

  /** Names of the group's runs that start with `prefix` (to number "Run again" names). */
  async runNamesLike(groupId: number, prefix: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ name: datasets.name })
      .from(datasets)
      .where(and(eq(datasets.groupId, groupId), eq(datasets.type, 'run'), sql`starts_with(${datasets.name}, ${prefix})`));
    return new Set(rows.map((r) => r.name));
  }

  /** Marks a SUBMITTED/STARTED job for cancelling (its runner learns it with its next heartbeat). */
  async requestCancel(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ cancelRequested: true, lastUpdated: now })
      // An external run has no runner to stop it (modules/external-runs).
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['SUBMITTED', 'STARTED']), eq(jobs.external, false)))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  private async selectJobs(where: ReturnType<typeof and>, limit: number): Promise<JobRow[]> {
    const rows = await this.db
      .select(jobColumns)
      .from(jobs)
      .leftJoin(datasets, eq(datasets.id, jobs.datasetId))
      .leftJoin(groups, eq(groups.id, datasets.groupId))
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(limit);
    const ids = rows.map((r) => r.id);
    const assigned =
      ids.length === 0
        ? []
        : await this.db
            .select({ jobId: jobFiles.jobId, id: jobFiles.fileId, role: jobFiles.role, name: jobFiles.name })
            .from(jobFiles)
            .innerJoin(files, eq(files.id, jobFiles.fileId))
            .where(inArray(jobFiles.jobId, ids))
            .orderBy(asc(jobFiles.role), asc(jobFiles.fileId));
    return rows.map((r) => ({
      ...r,
      stdoutFileId: r.stdoutFileId === null ? null : Number(r.stdoutFileId),
      files: assigned.filter((f) => f.jobId === r.id).map(({ id, role, name }) => ({ id, role, name })),
    }));
  }
}
