/** SQL for the config files a run has: its job's config-role file, or a config among its own files. No rules here. */
import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, files, jobFiles, jobs } from '../../db/schema.ts';

export interface ConfigFileRow {
  id: number;
  name: string;
  blobKey: string;
}

const configFile = { id: files.id, name: files.name, blobKey: files.blobKey };

export class RunConfigRepository {
  constructor(private readonly db: Db) {}

  /** The config file of the run's latest job that has one, with that job's program arguments. */
  async jobConfig(runId: number): Promise<{ file: ConfigFileRow; programArgs: string } | null> {
    const rows = await this.db
      .select({ ...configFile, parameters: jobs.parameters })
      .from(jobs)
      .innerJoin(jobFiles, and(eq(jobFiles.jobId, jobs.id), eq(jobFiles.role, 'config')))
      .innerJoin(files, eq(files.id, jobFiles.fileId))
      .where(eq(jobs.datasetId, runId))
      .orderBy(desc(jobs.id))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const { parameters, ...file } = row;
    return { file, programArgs: typeof parameters.programArgs === 'string' ? parameters.programArgs : '' };
  }

  /** The run's own config files (tag config_v*), the most recently added first. */
  runConfigFiles(runId: number): Promise<ConfigFileRow[]> {
    return this.db
      .select(configFile)
      .from(files)
      .innerJoin(datasetFiles, eq(datasetFiles.fileId, files.id))
      .where(and(eq(datasetFiles.datasetId, runId), like(files.tag, 'config\\_v%')))
      .orderBy(desc(datasetFiles.added), desc(files.id));
  }
}
