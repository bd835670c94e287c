/** The run import wired from the workspace's parts: repository, background process (zips, series, end), service, routes. */
import path from 'node:path';
import type { Db } from '../../db/connection.ts';
import type { WorkQueue } from '../../cluster/work-queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { EventLog } from '../../shared/events.ts';
import { userMessage } from '../../shared/user-message.ts';
import type { Processing } from '../../workers/processing.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { FilesRepository } from '../files/repository.ts';
import type { JobReports } from '../runner-protocol/job-reports.ts';
import type { PostProcessLog } from '../runs/post-process-log.ts';
import { RunImportProcess, type ZipStepResult } from './process.ts';
import { RunImportRepository } from './repository.ts';
import { runImportRoutes } from './routes.ts';
import { RunImportService } from './service.ts';
import { expandImportedZips, ZipRefusedError, type ZipExpandDeps } from './zip-expand.ts';

export interface RunImportWiring {
  db: Db;
  dataDir: string;
  access: DatasetAccess;
  datasets: DatasetsRepository;
  files: FilesRepository;
  blobs: BlobStore;
  processing: Processing;
  reports: JobReports;
  log: PostProcessLog;
  now: () => Date;
  onError: (err: unknown, runId: number) => void;
  /** The server log's lifecycle lines (issue 26). */
  events?: EventLog;
  onBlobLeak: (key: string, err: unknown) => void;
  /** CRS detection (issue 24) over the files the zips gave the run (an output_config.xml inside a zip). */
  crs?: { detect(datasetId: number, fileIds: number[]): Promise<boolean>; changed(datasetId: number): Promise<void> };
  work: WorkQueue;
}

export function createRunImport(w: RunImportWiring) {
  const repository = new RunImportRepository(w.db);
  const zips: ZipExpandDeps = { files: w.files, blobs: w.blobs, processing: w.processing, tempDir: path.join(w.dataDir, 'tmp', 'run-import'), onBlobLeak: w.onBlobLeak };
  const process = new RunImportProcess({
    repository,
    reports: w.reports,
    datasets: w.datasets,
    blobs: w.blobs,
    processing: w.processing,
    log: w.log,
    expandZips: async (runId) => {
      const result = await zipStep(zips, runId);
      if (w.crs) await detectAfterZips(w, w.crs, runId).catch((err: unknown) => w.onError(err, runId));
      return result;
    },
    now: w.now,
    onError: w.onError,
    work: w.work,
  });
  const service = new RunImportService({ repository, access: w.access, process, now: w.now, events: w.events });
  return { routes: runImportRoutes(service), idle: () => process.idle() };
}

/** The run's CRS from its files once the zips are expanded; a CRS set now processes its networks again. */
async function detectAfterZips(w: RunImportWiring, crs: NonNullable<RunImportWiring['crs']>, runId: number): Promise<void> {
  const files = await w.files.listForDataset(runId, { userId: 0, admin: true });
  if (await crs.detect(runId, files.map((file) => file.id))) await crs.changed(runId);
}

/** The zip step's lines; a refused archive ends the import FAILED with the refusal's sentence. */
async function zipStep(deps: ZipExpandDeps, runId: number): Promise<ZipStepResult> {
  const lines: string[] = [];
  try {
    await expandImportedZips(deps, runId, (line) => lines.push(line));
    return { lines, refused: null };
  } catch (err) {
    const refused = err instanceof ZipRefusedError ? err.message : `The zip files could not be expanded: ${userMessage(err)}`;
    return { lines: [...lines, refused], refused };
  }
}
