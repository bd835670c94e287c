/** SQL of the runner protocol: tokens, runners, claiming, job progress, series and output files. No rules here. */
import type { Resources } from '@corridor/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, derivedFiles, files, jobFiles, jobs, jobTemplates, runEvents, runners, runnerTokens, runSeries } from '../../db/schema.ts';
import type { NewFile } from '../files/repository.ts';

export interface TokenRow {
  id: number;
  ipv4range: string;
  ipv6range: string;
}

export interface RunnerRow {
  id: string;
  tokenId: number;
  name: string;
  lastHeartbeat: Date;
}

export interface NewRunner {
  id: string;
  tokenId: number;
  name: string;
  capabilities: string[];
  sandboxed: boolean;
  totalResources: Resources;
  availableResources: Resources;
  address: string;
  now: Date;
}

/** A run's output files: how many, and their bytes together. */
export interface OutputUsage {
  files: number;
  bytes: number;
}

export interface JobState {
  id: number;
  status: string;
  runnerId: string | null;
  datasetId: number | null;
  cancelRequested: boolean;
  createdBy: number | null;
}

export interface ClaimRow {
  id: number;
  datasetId: number | null;
  command: string;
  parameters: Record<string, unknown>;
  ramInGb: number;
  cpuCores: number;
  allowCustomJar: boolean | null;
  matsimVersion: string | null;
}

export interface SeriesPoint {
  x: number;
  key: string;
  value: number;
}

export type SeriesTable = 'memory' | 'scoreStats' | 'modeStats';

const runnerColumns = { id: runners.id, tokenId: runners.tokenId, name: runners.name, lastHeartbeat: runners.lastHeartbeat };

export class RunnerProtocolRepository {
  constructor(private readonly db: Db) {}

  /** The token whose secret has this SHA-256 (the database keeps no secrets). */
  async findToken(tokenHash: string): Promise<TokenRow | null> {
    const [row] = await this.db
      .select({ id: runnerTokens.id, ipv4range: runnerTokens.ipv4range, ipv6range: runnerTokens.ipv6range })
      .from(runnerTokens)
      .where(eq(runnerTokens.tokenHash, tokenHash));
    return row ?? null;
  }

  /** Inserts the runner, or updates it when the id is known for the same token; null when the id belongs to another token. */
  async upsertRunner(runner: NewRunner): Promise<string | null> {
    const { now, ...fields } = runner;
    const rows = await this.db
      .insert(runners)
      .values({ ...fields, connected: now, lastHeartbeat: now })
      .onConflictDoUpdate({
        target: runners.id,
        set: {
          name: fields.name,
          capabilities: fields.capabilities,
          sandboxed: fields.sandboxed,
          totalResources: fields.totalResources,
          availableResources: fields.availableResources,
          address: fields.address,
          lastHeartbeat: now,
        },
        setWhere: eq(runners.tokenId, fields.tokenId),
      })
      .returning({ id: runners.id });
    return rows[0]?.id ?? null;
  }

  async findRunner(id: string, tokenId: number): Promise<(RunnerRow & { capabilities: string[] }) | null> {
    const [row] = await this.db
      .select({ ...runnerColumns, capabilities: runners.capabilities })
      .from(runners)
      .where(and(eq(runners.id, id), eq(runners.tokenId, tokenId)));
    return row ?? null;
  }

  async heartbeat(id: string, available: Resources, now: Date): Promise<void> {
    await this.db.update(runners).set({ availableResources: available, lastHeartbeat: now }).where(eq(runners.id, id));
  }

  listRunners(): Promise<RunnerRow[]> {
    return this.db.select(runnerColumns).from(runners).orderBy(asc(runners.id));
  }

  /** Deletes the runner unless it sent a heartbeat after `seen`; answers whether it was deleted. */
  async deleteRunnerIfSilent(id: string, seen: Date): Promise<boolean> {
    const rows = await this.db
      .delete(runners)
      .where(and(eq(runners.id, id), sql`${runners.lastHeartbeat} <= ${seen.toISOString()}`))
      .returning({ id: runners.id });
    return rows.length > 0;
  }

  /** Runner ids that hold SUBMITTED/STARTED jobs but have no runner row (e.g. deleted with their token). */
  async orphanedRunnerIds(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ runnerId: jobs.runnerId })
      .from(jobs)
      .where(
        and(
          inArray(jobs.status, ['SUBMITTED', 'STARTED']),
          sql`${jobs.runnerId} is not null and not exists (select 1 from ${runners} where ${runners.id} = ${jobs.runnerId})`,
        ),
      );
    return rows.map((r) => r.runnerId!).filter(Boolean);
  }

  /** External jobs (no runner; modules/external-runs) still active whose last report is older than `before`. */
  async staleExternalJobs(before: Date): Promise<{ id: number; lastUpdated: Date; imported: boolean }[]> {
    return this.db
      .select({ id: jobs.id, lastUpdated: jobs.lastUpdated, imported: sql<boolean>`coalesce(${datasets.attributes} -> '__imported' = 'true'::jsonb, false)` })
      .from(jobs)
      .leftJoin(datasets, eq(datasets.id, jobs.datasetId))
      .where(and(eq(jobs.external, true), inArray(jobs.status, ['SUBMITTED', 'STARTED']), sql`${jobs.lastUpdated} < ${before.toISOString()}`))
      .orderBy(asc(jobs.id));
  }

  /** Among `jobIds`, those the runner must stop: cancel requested, ended, held by someone else, or gone. */
  async jobsToStop(runnerId: string, jobIds: number[]): Promise<number[]> {
    if (jobIds.length === 0) return [];
    const rows = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.id, jobIds),
          eq(jobs.runnerId, runnerId),
          inArray(jobs.status, ['SUBMITTED', 'STARTED']),
          eq(jobs.cancelRequested, false),
        ),
      );
    const keep = new Set(rows.map((r) => r.id));
    return [...new Set(jobIds)].filter((id) => !keep.has(id));
  }

  /** The job a previous attempt with this claim id got, if it is still the runner's and not ended. */
  async findClaimed(runnerId: string, claimId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.runnerId, runnerId), eq(jobs.claimId, claimId), inArray(jobs.status, ['SUBMITTED', 'STARTED'])));
    return row?.id ?? null;
  }

  /**
   * Atomically moves the oldest CREATED job that fits to SUBMITTED for this runner. The outer `status = 'CREATED'`
   * is re-checked by PostgreSQL after a concurrent update, and SKIP LOCKED lets a second claimer take the next job
   * instead of waiting, so no job is ever handed out twice.
   */
  async claim(args: { runnerId: string; runnerName: string; claimId: string; available: Resources; engine: boolean; java: boolean; now: Date }): Promise<number | null> {
    const { runnerId, runnerName, claimId, available, engine, java, now } = args;
    const next = sql`(select j.id from ${jobs} j
      where j.status = 'CREATED' and not j.external and j.ram_in_gb <= ${available.ramInGb}::float8 and j.cpu_cores <= ${available.cpuCores}::float8
        and (${engine}::boolean or position('$ENGINE' in j.command) = 0)
        and (${java}::boolean or position('$JAVA' in j.command) = 0)
      order by j.id limit 1 for update skip locked)`;
    const rows = await this.db
      .update(jobs)
      .set({ status: 'SUBMITTED', runnerId, runnerName, claimId, lastUpdated: now })
      .where(and(sql`${jobs.id} = ${next}`, eq(jobs.status, 'CREATED')))
      .returning({ id: jobs.id });
    return rows[0]?.id ?? null;
  }

  async claimRow(jobId: number): Promise<ClaimRow | null> {
    const [row] = await this.db
      .select({
        id: jobs.id,
        datasetId: jobs.datasetId,
        command: jobs.command,
        parameters: jobs.parameters,
        ramInGb: jobs.ramInGb,
        cpuCores: jobs.cpuCores,
        allowCustomJar: jobTemplates.allowCustomJar,
        matsimVersion: jobTemplates.matsimVersion,
      })
      .from(jobs)
      .leftJoin(jobTemplates, eq(jobTemplates.id, jobs.templateId))
      .where(eq(jobs.id, jobId));
    return row ?? null;
  }

  jobFiles(jobId: number): Promise<{ fileId: number; name: string; role: string }[]> {
    return this.db
      .select({ fileId: jobFiles.fileId, name: jobFiles.name, role: jobFiles.role })
      .from(jobFiles)
      .where(eq(jobFiles.jobId, jobId))
      .orderBy(asc(jobFiles.role), asc(jobFiles.fileId));
  }

  async jobState(jobId: number): Promise<JobState | null> {
    const [row] = await this.db
      .select({
        id: jobs.id,
        status: jobs.status,
        runnerId: jobs.runnerId,
        datasetId: jobs.datasetId,
        cancelRequested: jobs.cancelRequested,
        createdBy: jobs.createdBy,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId));
    return row ?? null;
  }

  /** The files of the job's template (staged next to the config) that still exist. */
  async templateFiles(jobId: number): Promise<{ fileId: number; name: string; extractArchive: boolean }[]> {
    const [job] = await this.db
      .select({ files: jobTemplates.files })
      .from(jobs)
      .innerJoin(jobTemplates, eq(jobTemplates.id, jobs.templateId))
      .where(eq(jobs.id, jobId));
    const listed = job?.files ?? [];
    if (listed.length === 0) return [];
    const existing = await this.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, listed.map((f) => f.fileId)));
    const ids = new Set(existing.map((f) => f.id));
    return listed.filter((f) => ids.has(f.fileId)).map((f) => ({ fileId: f.fileId, name: f.name, extractArchive: f.extractArchive }));
  }

  /** An input file of the job or a file of its template (its blob), or null. */
  async inputFile(jobId: number, fileId: number): Promise<{ name: string; size: number; blobKey: string } | null> {
    const [row] = await this.db
      .select({ name: files.name, size: files.size, blobKey: files.blobKey })
      .from(jobFiles)
      .innerJoin(files, eq(files.id, jobFiles.fileId))
      .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.fileId, fileId)))
      .limit(1);
    if (row) return row;
    if (!(await this.templateFiles(jobId)).some((f) => f.fileId === fileId)) return null;
    const [templateFile] = await this.db.select({ name: files.name, size: files.size, blobKey: files.blobKey }).from(files).where(eq(files.id, fileId));
    return templateFile ?? null;
  }

  /** SUBMITTED → STARTED with the event runStarted; answers whether it moved. */
  async markStarted(jobId: number, runnerId: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .update(jobs)
        .set({ status: 'STARTED', started: now, lastUpdated: now })
        .where(and(eq(jobs.id, jobId), eq(jobs.runnerId, runnerId), eq(jobs.status, 'SUBMITTED')))
        .returning({ datasetId: jobs.datasetId });
      if (!job) return false;
      if (job.datasetId !== null) {
        await tx.insert(runEvents).values({ datasetId: job.datasetId, type: 'runStarted', status: 'STARTED', timestamp: now });
      }
      return true;
    });
  }

  async setIteration(jobId: number, iteration: number, now: Date): Promise<void> {
    await this.db.update(jobs).set({ currentIteration: iteration, lastUpdated: now }).where(eq(jobs.id, jobId));
  }

  async addSeries(datasetId: number, table: SeriesTable, points: SeriesPoint[]): Promise<void> {
    if (points.length === 0) return;
    await this.db.insert(runSeries).values(points.map((p) => ({ datasetId, table, ...p })));
  }

  /** The table's rows of the run, all replaced at once. */
  async replaceSeries(datasetId: number, table: SeriesTable, points: SeriesPoint[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(runSeries).where(and(eq(runSeries.datasetId, datasetId), eq(runSeries.table, table)));
      for (let i = 0; i < points.length; i += 1000) {
        await tx.insert(runSeries).values(points.slice(i, i + 1000).map((p) => ({ datasetId, table, ...p })));
      }
    });
  }

  /**
   * The run's output files (its files that are not inputs of the job) other than those named `name`, which an upload
   * of that name replaces: how many, and their bytes together.
   */
  async outputUsage(jobId: number, datasetId: number, name: string, db: Db = this.db): Promise<OutputUsage> {
    const [row] = await db
      .select({ files: sql<number>`count(*)`, bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .innerJoin(datasetFiles, eq(datasetFiles.fileId, files.id))
      .where(
        and(
          eq(datasetFiles.datasetId, datasetId),
          sql`${files.name} <> ${name}`,
          sql`not exists (select 1 from ${jobFiles} where ${jobFiles.jobId} = ${jobId} and ${jobFiles.fileId} = ${files.id})`,
        ),
      );
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /**
   * Records an output file of the job's run. An earlier output of the same name (a file of the run that is not one
   * of the job's inputs) is replaced: its usage goes, and the file itself when nothing else uses it. Answers the new
   * file id and the blob keys no longer used. `check` sees the run's other outputs inside the transaction (the run
   * locked, so concurrent uploads count each other) and throws to refuse the file.
   */
  async addOutput(
    jobId: number,
    datasetId: number,
    file: NewFile,
    check: (usage: OutputUsage) => void = () => undefined,
  ): Promise<{ fileId: number; unusedBlobs: string[] }> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: datasets.id }).from(datasets).where(eq(datasets.id, datasetId)).for('update');
      check(await this.outputUsage(jobId, datasetId, file.name, tx));
      const previous = await tx
        .select({ id: files.id })
        .from(files)
        .innerJoin(datasetFiles, eq(datasetFiles.fileId, files.id))
        .where(
          and(
            eq(datasetFiles.datasetId, datasetId),
            eq(files.name, file.name),
            sql`not exists (select 1 from ${jobFiles} where ${jobFiles.jobId} = ${jobId} and ${jobFiles.fileId} = ${files.id})`,
          ),
        );
      const [created] = await tx.insert(files).values(file).returning({ id: files.id });
      await tx.insert(datasetFiles).values({ datasetId, fileId: created!.id });
      const oldIds = previous.map((p) => p.id);
      if (oldIds.length === 0) return { fileId: created!.id, unusedBlobs: [] };
      await tx.delete(datasetFiles).where(and(eq(datasetFiles.datasetId, datasetId), inArray(datasetFiles.fileId, oldIds)));
      const unused = and(inArray(files.id, oldIds), sql`not exists (select 1 from ${datasetFiles} where ${datasetFiles.fileId} = ${files.id})`);
      const derived = await tx.select({ key: derivedFiles.blobKey }).from(derivedFiles).innerJoin(files, eq(files.id, derivedFiles.fileId)).where(unused);
      const removed = await tx.delete(files).where(unused).returning({ key: files.blobKey });
      return { fileId: created!.id, unusedBlobs: [...removed, ...derived].map((r) => r.key) };
    });
  }

  /** The run's files that are not inputs of the job and carry a network tag (outputs worth post-processing). */
  async outputNetworks(jobId: number, datasetId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: files.id, name: files.name })
      .from(files)
      .innerJoin(datasetFiles, eq(datasetFiles.fileId, files.id))
      .where(
        and(
          eq(datasetFiles.datasetId, datasetId),
          sql`${files.tag} like 'network\\_v%'`,
          sql`not exists (select 1 from ${jobFiles} where ${jobFiles.jobId} = ${jobId} and ${jobFiles.fileId} = ${files.id})`,
        ),
      )
      .orderBy(asc(files.id));
  }
}
