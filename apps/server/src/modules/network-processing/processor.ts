/**
 * Network post-processing: after a network file is attached to a scenario, its three preview images
 * (`network-capacity.png`, `network-speed.png`, `model-area-screenshot.png`) are rendered in the background, one
 * network at a time. Progress is kept in the scenario's attribute `networkPostProcessingJob` {status, fileId,
 * updated} — the UI offers the Scenario Editor once it is FINISHED. A failure is FAILED with a message, and the
 * log is kept as the derived file `network-processing.log` of the network file; both are for users (no stack, no
 * host paths: `userMessage`), the details go to the server log with the file id. Drawing runs in a worker thread
 * (`previewRenderer`): a network past its bounds is FAILED with "The file is too large to process (…)".
 *
 * The same job writes the map editor's derived files: `network.bin` (the binary form with its spatial index,
 * `network-query/binary.ts`) and `network-info/info.json`, built in a worker thread from the network's own CRS or
 * the scenario's `__crs`. The editor's queries read only these; the XML is never parsed again per request.
 * Networks processed before `network.bin` existed get both on their first editor call (`prepareBinary`).
 *
 * Issue 24: files just attached are first searched for a CRS (`detectCrs`, crs/detection.ts); when that sets the
 * dataset's `__crs`, or the user changes it (`crsChanged`), the dataset's networks are processed again: the map
 * forms (`network.bin`, `info.json`) depend on the CRS, the preview images (drawn in the file's own coordinates)
 * do not and are kept.
 *
 * Issue 30: the queue is `background_work` (kind `network`, one item per network file, cluster/work-queue.ts), claimed
 * by one server at a time; the scenarios waiting for a file are those whose job names it and is CREATED or STARTED.
 */
import type { FilesRepository } from '../files/repository.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { NetworkRenderer } from './renderer.ts';
import { storeDerived } from './derived.ts';
import { userMessage } from '../../shared/user-message.ts';
import type { Readable } from 'node:stream';
import type { BuiltNetwork } from '../network-query/build.ts';
import { NETWORK_BINARY_FILENAME } from '../network-query/binary.ts';
import { RetryLater, type WorkItem, type WorkQueue } from '../../cluster/work-queue.ts';

export const NETWORK_INFO_FILENAME = 'network-info/info.json';
/** Builds the binary form in a worker (`Processing.networkBinary`). */
export type NetworkBinaryBuilder = (content: Readable, crs: string | null) => Promise<BuiltNetwork>;

export type NetworkJobStatus = 'CREATED' | 'STARTED' | 'FINISHED' | 'FAILED';

export const NETWORK_JOB_ATTRIBUTE = 'networkPostProcessingJob';
export const PROCESSING_LOG = 'network-processing.log';
export const NETWORK_IMAGES = [
  { filename: 'network-capacity.png', colorBy: 'capacity' },
  { filename: 'network-speed.png', colorBy: 'freespeed' },
  { filename: 'model-area-screenshot.png', colorBy: 'none' },
] as const;
const IMAGE_SIZE = { width: 1200, height: 900 };

export interface NetworkProcessingDeps {
  datasets: DatasetsRepository;
  files: FilesRepository;
  blobs: BlobStore;
  renderer: NetworkRenderer;
  buildBinary: NetworkBinaryBuilder;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
  onBlobLeak: (key: string, err: unknown) => void;
  /** Looks for a CRS in files just attached (crs/detection.ts); true when it became the dataset's `__crs`. */
  detectCrs?: (datasetId: number, fileIds: number[]) => Promise<boolean>;
  /** The background work shared by the server processes (one network at a time on each). */
  work: WorkQueue;
}

/** Why a network job ended FAILED when every server processing it stopped midway (cluster/work-queue.ts MAX_ATTEMPTS). */
export const WORK_ABANDONED = 'The processing was given up: the server stopped while processing this file, several times.';

/** The kind of the network's background work items. */
export const NETWORK_WORK = 'network';

export const isNetworkTag = (tag: string | null) => tag?.startsWith('network_v') ?? false;

export class NetworkProcessing {
  private closed = false;
  /** On-demand builds of the editor's derived files by network file id: concurrent callers share one. */
  private readonly preparing = new Map<number, Promise<boolean>>();
  /** Files whose on-demand build failed in this process: not tried again on every editor call. */
  private readonly prepareFailed = new Map<number, unknown>();
  constructor(private readonly deps: NetworkProcessingDeps) {
    deps.work.define(NETWORK_WORK, {
      concurrency: 1,
      handle: (item) => this.run(item),
      abandon: async (item) => {
        for (const job of (await deps.datasets.unfinishedNetworkJobs()).filter((j) => j.fileId === item.subjectId)) {
          await this.mark(job.datasetId, item.subjectId, 'FAILED', WORK_ABANDONED);
        }
      },
    });
  }

  /** Queues processing for the network files among `fileIds` that were just attached to the dataset. */
  async filesAttached(datasetId: number, fileIds: number[]): Promise<void> {
    const crsSet = await this.deps.detectCrs?.(datasetId, fileIds).catch((err: unknown) => {
      this.deps.log.error({ err, datasetId }, 'CRS detection failed');
      return false;
    });
    if (crsSet) await this.crsChanged(datasetId);
    for (const fileId of fileIds) {
      const file = await this.deps.files.findById(fileId);
      if (!file || !isNetworkTag(file.tag)) continue;
      await this.mark(datasetId, fileId, 'CREATED');
      await this.enqueue(fileId);
    }
  }

  /**
   * Queues the network file unless the dataset already has a processing job for it, queued, running or ended (an
   * imported run's output network is processed when it is attached; the run's end must not process it again).
   */
  async fileOnce(datasetId: number, fileId: number): Promise<void> {
    const job = (await this.deps.datasets.findById(datasetId))?.attributes[NETWORK_JOB_ATTRIBUTE];
    if (typeof job === 'object' && job !== null && (job as { fileId?: unknown }).fileId === fileId) return;
    await this.filesAttached(datasetId, [fileId]);
  }

  /**
   * The dataset's CRS changed: each of its network files is processed again, its map forms (`network.bin`,
   * `info.json`) built anew with the dataset's CRS; until then the old ones answer.
   */
  async crsChanged(datasetId: number): Promise<void> {
    const networks = (await this.deps.files.listForDataset(datasetId, { userId: 0, admin: true })).filter((file) => isNetworkTag(file.tag));
    for (const file of networks) {
      this.prepareFailed.delete(file.id);
      await this.mark(datasetId, file.id, 'CREATED', null, true);
      await this.enqueue(file.id, true);
    }
  }

  /**
   * Jobs left unfinished without a queued item (written before the queue was in the database): queued once. Items
   * in the queue are found by the servers' polling; one already queued is left as it is.
   */
  async resume(): Promise<void> {
    for (const { fileId, rebuild } of await this.deps.datasets.unfinishedNetworkJobs()) {
      await this.deps.work.enqueue(NETWORK_WORK, fileId, rebuild ? { rebuild: true } : {}, { again: false });
    }
  }

  /** Whether the network file is queued or being processed on any server. */
  pending(fileId: number): Promise<boolean> {
    return this.deps.work.pending(NETWORK_WORK, fileId);
  }

  /** Resolves when this server's background work has run (tests). */
  idle(): Promise<void> {
    return this.deps.work.idle();
  }

  /** A job claimed from here on is handed back (the queue stops claiming); on-demand builds finish. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.preparing.values());
  }

  /**
   * Builds `network.bin` and `network-info/info.json` of a network that was post-processed before they existed
   * (its preview images are there, no job is queued or running for it), once: concurrent callers share the build,
   * which runs in the worker pool like post-processing. Answers false when the network has not been processed
   * (the caller says so); rejects when the build fails (remembered: the next call fails at once).
   */
  prepareBinary(fileId: number): Promise<boolean> {
    if (this.prepareFailed.has(fileId)) return Promise.reject(this.prepareFailed.get(fileId));
    let build = this.preparing.get(fileId);
    if (!build) {
      build = this.buildMissingBinary(fileId).then(
        (built) => (this.preparing.delete(fileId), built),
        (err: unknown) => {
          this.preparing.delete(fileId);
          this.prepareFailed.set(fileId, err);
          this.deps.log.error({ err, fileId }, 'building the map binary of a processed network failed');
          throw err;
        },
      );
      this.preparing.set(fileId, build);
    }
    return build;
  }

  private async buildMissingBinary(fileId: number): Promise<boolean> {
    if (this.closed || (await this.pending(fileId))) return false;
    const file = await this.deps.files.findById(fileId);
    if (!file || !isNetworkTag(file.tag)) return false;
    const existing = new Set((await this.deps.files.listDerived(fileId)).map((d) => d.filename));
    if (!NETWORK_IMAGES.every((image) => existing.has(image.filename))) return false;
    // Every scenario or run using the file (not only those the caller sees): the CRS is the file's, not the caller's.
    const { usages } = await this.deps.files.withUsages(file, { userId: 0, admin: true });
    await this.storeBinary(file.blobKey, fileId, new Set(usages.map((u) => u.id)));
    return true;
  }

  private async storeBinary(blobKey: string, fileId: number, datasetIds: Set<number>): Promise<void> {
    const built = await this.deps.buildBinary(this.deps.blobs.read(blobKey), await this.scenarioCrs(datasetIds));
    // The info first: a network whose binary form is there has its info (and its CRS problem) too.
    await storeDerived(this.deps, fileId, NETWORK_INFO_FILENAME, Buffer.from(JSON.stringify(built.info), 'utf8'));
    await storeDerived(this.deps, fileId, NETWORK_BINARY_FILENAME, built.binary);
  }

  /** Queues the file (again after a job under way, when it is running now: later attachments start a new job). */
  private enqueue(fileId: number, rebuild = false): Promise<void> {
    return this.deps.work.enqueue(NETWORK_WORK, fileId, rebuild ? { rebuild: true } : {});
  }

  private async run(item: WorkItem): Promise<void> {
    // Shutting down: handed back at once, for another server or the next start.
    if (this.closed) throw new RetryLater(0);
    const fileId = item.subjectId;
    const jobs = (await this.deps.datasets.unfinishedNetworkJobs()).filter((job) => job.fileId === fileId);
    const datasets = new Set(jobs.map((job) => job.datasetId));
    const rebuild = item.payload.rebuild === true || jobs.some((job) => job.rebuild);
    let failure: string | null = null;
    try {
      for (const id of datasets) await this.mark(id, fileId, 'STARTED', null, rebuild);
      await this.process(fileId, datasets, rebuild);
    } catch (err) {
      failure = userMessage(err);
      this.deps.log.error({ err, fileId }, 'network post-processing failed');
      await this.keepLog(fileId, failure).catch(() => undefined);
    }
    for (const id of datasets) {
      await this.mark(id, fileId, failure === null ? 'FINISHED' : 'FAILED', failure).catch((err: unknown) =>
        this.deps.log.error({ err, datasetId: id }, 'could not record the network job status'),
      );
    }
  }

  private async process(fileId: number, datasetIds: Set<number>, rebuild: boolean): Promise<void> {
    const { files, blobs, renderer } = this.deps;
    const file = await files.findById(fileId);
    if (!file) throw new Error('The network file was deleted before it could be processed.');
    const existing = new Set((await files.listDerived(fileId)).map((d) => d.filename));
    const missing = NETWORK_IMAGES.filter((image) => !existing.has(image.filename));
    for (const image of missing) {
      const png = await renderer.render(blobs.read(file.blobKey), { ...IMAGE_SIZE, colorBy: image.colorBy });
      await storeDerived(this.deps, fileId, image.filename, png);
    }
    if (!rebuild && existing.has(NETWORK_BINARY_FILENAME) && existing.has(NETWORK_INFO_FILENAME)) return;
    // No scenario's job names the file (another file's job replaced it): the CRS of the scenarios using it.
    const crsFrom = datasetIds.size > 0 ? datasetIds : new Set((await files.withUsages(file, { userId: 0, admin: true })).usages.map((u) => u.id));
    await this.storeBinary(file.blobKey, fileId, crsFrom);
  }

  /** The first `__crs` among the scenarios waiting for the file (a network file is one place on Earth). */
  private async scenarioCrs(datasetIds: Set<number>): Promise<string | null> {
    for (const id of datasetIds) {
      const crs = (await this.deps.datasets.findById(id))?.attributes.__crs;
      if (typeof crs === 'string' && crs !== '') return crs;
    }
    return null;
  }

  private async keepLog(fileId: number, message: string): Promise<void> {
    const text = `${this.deps.now().toISOString()} network post-processing of file ${fileId} failed\n${message}\n`;
    await storeDerived(this.deps, fileId, PROCESSING_LOG, Buffer.from(text, 'utf8'));
  }

  /** `rebuild` (a CRS change) is kept in the job so that a restart still builds the map forms again. */
  private async mark(datasetId: number, fileId: number, status: NetworkJobStatus, message?: string | null, rebuild = false): Promise<void> {
    const job = { status, fileId, updated: this.deps.now().toISOString(), ...(message ? { message, logFile: PROCESSING_LOG } : {}), ...(rebuild ? { rebuild } : {}) };
    await this.deps.datasets.patchAttributes(datasetId, { [NETWORK_JOB_ATTRIBUTE]: job });
  }
}
