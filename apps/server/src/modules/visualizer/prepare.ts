/**
 * Vehicle data preparation, once per run (spec 3 §2.20): when a run finishes (and for an imported run, through
 * `prepareVehicleData`), its events file is streamed in the worker pool through the trajectories builder into the
 * derived files of that events file (`store.ts` VEHICLE_FILES), on the binary form of the network its vehicles
 * drove on. The state is the run attribute `postProcessVehicles` {status, updated, message}; the lines go to the
 * run's post-processing log, beside the output tables step's. The preparation is background work claimed through the
 * database (kind `vehicle-data`, cluster/work-queue.ts, issue 30): one server at a time; one that died (or shut
 * down) leaves it to another, which prepares it again from the start.
 */
import { performance } from 'node:perf_hooks';
import { VIS_MESSAGES } from '@corridor/contract';
import type { BuiltVehicleData } from '@corridor/trajectories';
import type { BlobStore } from '../../storage/blob-store.ts';
import { userMessage } from '../../shared/user-message.ts';
import { serverWork, storedBlob, type Processing } from '../../workers/processing.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { FilesRepository } from '../files/repository.ts';
import { recordDerived, storeDerived } from '../network-processing/derived.ts';
import type { PostProcessLog } from '../runs/post-process-log.ts';
import { loadNetwork, type NetworkSource } from './network.ts';
import type { VisualizerRepository } from './repository.ts';
import { VEHICLE_FILES } from './store.ts';
import { RetryLater, type WorkQueue } from '../../cluster/work-queue.ts';

export const VEHICLE_WORK = 'vehicle-data';
/** How long a preparation waits before looking again for its network, queued or being processed. */
const NETWORK_WAIT_MS = 1_000;

export const VEHICLES_ATTRIBUTE = 'postProcessVehicles';
export type VehicleStepStatus = 'STARTED' | 'FINISHED' | 'FAILED' | 'NONE';
export interface VehicleStepState {
  status: VehicleStepStatus;
  updated: string;
  message: string | null;
  /** The run's post-processing log (a system file) once the step wrote to it. */
  logFileId?: number;
}

export interface VehicleDataPreparationDeps {
  repository: VisualizerRepository;
  files: FilesRepository;
  datasets: DatasetsRepository;
  blobs: BlobStore;
  processing: Pick<Processing, 'vehicleData'>;
  network: NetworkSource;
  log: PostProcessLog;
  now: () => Date;
  onError: (err: unknown, runId: number) => void;
  /** The step ended FAILED (the server logs it at warn, issue 25). */
  onFailed?: (runId: number, logFileId: number | null) => void;
  onBlobLeak: (key: string, err: unknown) => void;
  work: WorkQueue;
  /** Whether the network file is queued or being processed (NetworkProcessing.pending). */
  networkPending: (fileId: number) => Promise<boolean>;
}

export class VehicleDataPreparation {
  private closing = false;
  /** Aborts the builds under way at shutdown: the run is handed back at once rather than read to its end. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: VehicleDataPreparationDeps) {
    deps.work.define(VEHICLE_WORK, {
      concurrency: 2,
      handle: (item) =>
        this.build(item.subjectId).catch((err: unknown) => {
          if (err instanceof RetryLater) throw err;
          this.deps.onError(err, item.subjectId);
        }),
      abandon: async (item) => {
        const reason = 'the server stopped while preparing it, several times';
        const logFileId = await this.deps.log.append(item.subjectId, [`Vehicle data could not be prepared: ${reason}.`]);
        await this.setState(item.subjectId, 'FAILED', VIS_MESSAGES.failed(reason), logFileId);
        this.deps.onFailed?.(item.subjectId, logFileId);
      },
    });
  }

  /** Queues the preparation (once at a time per run, on one server); answers when its STARTED state is recorded. */
  async prepareVehicleData(runId: number): Promise<void> {
    if (this.closing) return;
    if (await this.deps.work.pending(VEHICLE_WORK, runId)) return;
    await this.setState(runId, 'STARTED', null);
    await this.deps.work.enqueue(VEHICLE_WORK, runId, {}, { again: false });
  }

  isPreparing(runId: number): Promise<boolean> {
    return this.deps.work.pending(VEHICLE_WORK, runId);
  }

  /** Preparations left STARTED without a queued item (from before the queue was in the database): queued once. */
  async resume(): Promise<void> {
    for (const runId of await this.deps.repository.runsPreparing()) await this.deps.work.enqueue(VEHICLE_WORK, runId, {}, { again: false });
  }

  /**
   * No new preparations; those under way are aborted (hours of events are not waited for), keep their STARTED state
   * and are handed back to the queue (another server or the next start prepares them).
   */
  close(): void {
    this.closing = true;
    this.stopping.abort();
  }

  /** Waits for this server's background work (tests). */
  idle(): Promise<void> {
    return this.deps.work.idle();
  }

  private async build(runId: number): Promise<void> {
    const { repository, blobs, processing, network, log } = this.deps;
    try {
      const { events, network: networkFile } = await repository.sources(runId);
      if (!events) {
        const logFileId = await log.append(runId, ['Vehicle data: the outputs have no events file, so there are no vehicles to play.']);
        await this.setState(runId, 'NONE', VIS_MESSAGES.noVehicleData, logFileId);
        return;
      }
      if (!networkFile) throw new Error(VIS_MESSAGES.noNetwork);
      // The run's output network is queued for processing as the run ends: its binary form is written there.
      if (await this.deps.networkPending(networkFile.id)) throw new RetryLater(NETWORK_WAIT_MS);
      await log.append(runId, [`Vehicle data: reading ${events.name} on the network ${networkFile.name} …`]);
      const net = await loadNetwork(network, networkFile.id);
      if (!net) throw new Error(`The network ${networkFile.name} has not been processed.`);
      const startedAt = performance.now();
      let built: BuiltVehicleData | undefined;
      const segments = await blobs.putWith(async (file) => {
        built = await processing.vehicleData(storedBlob(blobs, events.blobKey), net.linkIds, file, { ...serverWork('visualizer'), signal: this.stopping.signal });
      });
      const { meta, vehicleModes, vehicleIds, volumes } = built!;
      await recordDerived(this.deps, events.id, VEHICLE_FILES.segments, segments);
      await storeDerived(this.deps, events.id, VEHICLE_FILES.vehicles, vehicleModes);
      await storeDerived(this.deps, events.id, VEHICLE_FILES.vehicleIds, Buffer.from(JSON.stringify(vehicleIds), 'utf8'));
      await storeDerived(this.deps, events.id, VEHICLE_FILES.volumes, volumes);
      await storeDerived(this.deps, events.id, VEHICLE_FILES.meta, Buffer.from(JSON.stringify(meta), 'utf8'));
      const seconds = (performance.now() - startedAt) / 1000;
      const lines = [
        `Vehicle data: ${meta.totalEvents} vehicle events read in ${seconds.toFixed(1)} s (${Math.round(meta.totalEvents / Math.max(seconds, 0.001))} events/s): ` +
          `${meta.vehicles} vehicles, ${meta.segments} link segments, modes ${meta.modes.join(', ') || 'none'}.`,
      ];
      if (meta.unknownLinks > 0) lines.push(`Vehicle data: ${meta.unknownLinks} link events named links the network does not have; they were skipped.`);
      await this.setState(runId, 'FINISHED', null, await log.append(runId, lines));
    } catch (err) {
      if (err instanceof RetryLater) throw err;
      if (this.closing) throw new RetryLater(0); // stays STARTED: handed back, prepared again elsewhere or at the next start
      const reason = userMessage(err);
      const logFileId = await log.append(runId, [`Vehicle data could not be prepared: ${reason}`]);
      await this.setState(runId, 'FAILED', VIS_MESSAGES.failed(reason), logFileId);
      this.deps.onFailed?.(runId, logFileId);
    }
  }

  private setState(runId: number, status: VehicleStepStatus, message: string | null, logFileId?: number): Promise<void> {
    const state: VehicleStepState = { status, updated: this.deps.now().toISOString(), message, ...(logFileId !== undefined ? { logFileId } : {}) };
    return this.deps.datasets.patchAttributes(runId, { [VEHICLES_ATTRIBUTE]: state });
  }
}
