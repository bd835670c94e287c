/** The files a run's vehicle data is made from: its events file and the network its vehicles drove on. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { datasetFiles, datasets, files, jobFiles, jobs } from '../../db/schema.ts';

export interface SourceFile {
  id: number;
  name: string;
  blobKey: string;
}

export interface RunSources {
  events: SourceFile | null;
  network: SourceFile | null;
}

const OUTPUT_EVENTS = /(^|[._])output_events\.xml(\.gz|\.zst)?$/;
const OUTPUT_NETWORK = /(^|[._])output_network\.xml(\.gz|\.zst)?$/;

export class VisualizerRepository {
  constructor(private readonly db: Db) {}

  /**
   * The run's events (the top-level output_events first, then any events file outside ITERS) and its network:
   * the output network, else the network its job was given, else any network file of the run.
   */
  async sources(runId: number): Promise<RunSources> {
    const rows = await this.db
      .select({ id: files.id, name: files.name, blobKey: files.blobKey, tag: files.tag })
      .from(datasetFiles)
      .innerJoin(files, eq(files.id, datasetFiles.fileId))
      .where(and(eq(datasetFiles.datasetId, runId), sql`(${files.tag} like 'events\\_v%' or ${files.tag} like 'network\\_v%')`))
      .orderBy(asc(files.name), asc(files.id));
    const events = rows.filter((r) => r.tag!.startsWith('events_v') && !r.name.startsWith('ITERS/'));
    const networks = rows.filter((r) => r.tag!.startsWith('network_v'));
    const jobNetworks = new Set(await this.jobNetworkIds(runId));
    const pick = (list: typeof rows, ...tests: ((r: (typeof rows)[number]) => boolean)[]) => {
      for (const test of tests) {
        const found = list.find(test);
        if (found) return { id: found.id, name: found.name, blobKey: found.blobKey };
      }
      return null;
    };
    return {
      events: pick(events, (r) => OUTPUT_EVENTS.test(r.name) && !r.name.includes('/'), (r) => OUTPUT_EVENTS.test(r.name), () => true),
      network: pick(networks, (r) => OUTPUT_NETWORK.test(r.name) && !r.name.includes('/'), (r) => jobNetworks.has(r.id), () => true),
    };
  }

  /** Runs whose vehicle data preparation is recorded as under way. */
  async runsPreparing(): Promise<number[]> {
    const rows = await this.db
      .select({ id: datasets.id })
      .from(datasets)
      .where(sql`${datasets.attributes} -> 'postProcessVehicles' ->> 'status' = 'STARTED'`)
      .orderBy(asc(datasets.id));
    return rows.map((r) => r.id);
  }

  private async jobNetworkIds(runId: number): Promise<number[]> {
    const rows = await this.db
      .select({ fileId: jobFiles.fileId })
      .from(jobFiles)
      .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
      .where(and(eq(jobs.datasetId, runId), eq(jobFiles.role, 'network')));
    return rows.map((r) => r.fileId);
  }
}
