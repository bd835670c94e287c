/**
 * What a running job reports, whoever reports it — a runner (runner protocol) or the watch client of an external
 * run (modules/external-runs): log chunks, progress, the scorestats/modestats tables, output files, and the end,
 * which goes through the JobLifecycle and then starts the run's post-processing. The callers check who may report.
 */
import path from 'node:path';
import { RUN_OUTPUT_MESSAGES, stripControlCharacters, type JobProgress } from '@corridor/contract';
import { badRequest, HttpError } from '../../shared/errors.ts';
import { BlobTooLargeError, removeBlobs, type BlobStore, type ByteSource } from '../../storage/blob-store.ts';
import { sniffBlob } from '../files/sniffing.ts';
import { tooLarge } from '../files/upload.ts';
import type { NetworkProcessing } from '../network-processing/processor.ts';
import { SERVER, type Processing } from '../../workers/processing.ts';
import type { JobLog } from './job-log.ts';
import type { EndCondition, EndedJob, JobLifecycle, Outcome } from './lifecycle.ts';
import type { OutputUsage, RunnerProtocolRepository, SeriesPoint } from './repository.ts';

export interface JobReportsDeps {
  repository: RunnerProtocolRepository;
  lifecycle: JobLifecycle;
  log: JobLog;
  blobs: BlobStore;
  network: NetworkProcessing;
  /** Run post-processing (the standard output tables imported): started when a run finishes. */
  runFinished: (runId: number) => Promise<void>;
  /** Reads statistics and sniffs outputs off the main thread. */
  processing: Processing;
  maxUploadBytes: number;
  /** A run's outputs at most: files and bytes together (the installation settings runOutputMaxFiles/runOutputMaxBytes). */
  outputLimits: () => Promise<OutputLimits>;
  now: () => Date;
  onBlobLeak: (key: string, err: unknown) => void;
}

export interface OutputLimits {
  maxFiles: number;
  maxBytes: number;
}

/** An active job of a run, as the caller found it after checking who may report. */
export interface ReportingJob {
  id: number;
  datasetId: number;
  createdBy: number | null;
}

export class JobReports {
  constructor(private readonly deps: JobReportsDeps) {}

  async log(job: ReportingJob, chunk: Buffer): Promise<void> {
    if (chunk.length > 0) await this.deps.log.append(job.id, chunk);
  }

  async progress(job: ReportingJob, progress: JobProgress): Promise<void> {
    if (progress.iteration !== undefined) await this.deps.repository.setIteration(job.id, progress.iteration, this.deps.now());
    const points = progress.memory.map((m) => ({ x: m.time, key: m.key, value: m.value }));
    await this.deps.repository.addSeries(job.datasetId, 'memory', points);
  }

  /** Replaces the run's scoreStats or modeStats table from the whole file so far; a file that cannot be read changes nothing. */
  async stats(job: ReportingJob, name: 'scorestats' | 'modestats', csv: Buffer): Promise<void> {
    let points: SeriesPoint[];
    try {
      points = name === 'scorestats' ? await scorePoints(this.deps.processing, csv) : await modePoints(this.deps.processing, csv);
    } catch (err) {
      throw badRequest(`The ${name} file could not be read: ${err instanceof Error ? err.message : String(err)}`);
    }
    await this.deps.repository.replaceSeries(job.datasetId, name === 'scorestats' ? 'scoreStats' : 'modeStats', points);
  }

  /**
   * Stores one output file under `name` (checked by the caller with outputName): the bytes go to the blob store
   * first, the tag is sniffed, and only then does the file appear in the run. A broken upload leaves neither a row
   * nor a blob. The run's outputs are bounded (outputLimits): a file past the count, or past the total bytes (the
   * store stops reading there), is refused with 413 and a line in the run's log naming it and the limit.
   */
  async output(job: ReportingJob, name: string, body: ByteSource): Promise<{ fileId: number }> {
    const { blobs, maxUploadBytes } = this.deps;
    const limits = await this.deps.outputLimits();
    const usage = await this.deps.repository.outputUsage(job.id, job.datasetId, name);
    const before = limitProblem(name, usage, 0, limits);
    if (before) throw await this.refuse(job, before);
    const room = limits.maxBytes - usage.bytes;
    const blob = await blobs.put(body, { maxBytes: Math.min(maxUploadBytes, room) }).catch(async (err: unknown) => {
      if (!(err instanceof BlobTooLargeError)) throw err;
      if (room < maxUploadBytes) throw await this.refuse(job, RUN_OUTPUT_MESSAGES.tooManyBytes(name, limits.maxBytes));
      throw tooLarge(maxUploadBytes);
    });
    try {
      const content = await sniffBlob(this.deps.processing, blobs, blob.key, path.posix.basename(name), SERVER);
      let refusal: string | undefined;
      const added = await this.deps.repository
        .addOutput(job.id, job.datasetId, { name, size: blob.size, blobKey: blob.key, ...content, createdBy: job.createdBy }, (now) => {
          refusal = limitProblem(name, now, blob.size, limits);
          if (refusal) throw new HttpError(413, refusal);
        })
        .catch(async (err: unknown) => {
          // Concurrent uploads of the run took the room meanwhile.
          throw refusal ? await this.refuse(job, refusal) : err;
        });
      const { fileId, unusedBlobs } = added;
      await this.removeBlobs(unusedBlobs);
      return { fileId };
    } catch (err) {
      await this.removeBlobs([blob.key]);
      throw err;
    }
  }

  /**
   * Ends the job (JobLifecycle, under `condition`); a FINISHED run's output network is queued for processing (unless
   * it was already: attached to an imported run) and the run's post-processing starts. Answers the ended job, or
   * null when it had ended already or the condition failed.
   */
  async finish(jobId: number, outcome: Outcome, condition: EndCondition): Promise<EndedJob | null> {
    const message = outcome.message === null ? null : stripControlCharacters(outcome.message);
    const ended = await this.deps.lifecycle.finish(jobId, { ...outcome, message }, condition);
    if (!ended || outcome.status !== 'FINISHED' || ended.datasetId === null) return ended;
    const runId = ended.datasetId;
    const networks = await this.deps.repository.outputNetworks(jobId, runId);
    const network = networks.find((n) => /(^|[./])output_network\.xml(\.gz|\.zst)?$/.test(n.name)) ?? networks[0];
    if (network) await this.deps.network.fileOnce(runId, network.id);
    // After the output network is queued: the vehicle data step waits for its binary form.
    await this.deps.runFinished(runId);
    return ended;
  }

  /** The refusal of an output for the run's limits, also written to the run's log. */
  private async refuse(job: ReportingJob, message: string): Promise<HttpError> {
    await this.deps.log.appendLine(job.id, message);
    return new HttpError(413, message);
  }

  private async removeBlobs(keys: string[]): Promise<void> {
    await removeBlobs(this.deps.blobs, keys, (key, err) => this.deps.onBlobLeak(key, err));
  }
}

/** Why `name` (`size` bytes) may not join the run's other outputs (`usage`), or undefined. */
function limitProblem(name: string, usage: OutputUsage, size: number, limits: OutputLimits): string | undefined {
  if (usage.files + 1 > limits.maxFiles) return RUN_OUTPUT_MESSAGES.tooManyFiles(name, limits.maxFiles);
  if (usage.bytes + size > limits.maxBytes) return RUN_OUTPUT_MESSAGES.tooManyBytes(name, limits.maxBytes);
  return undefined;
}

const SCORE_KEYS = { executed: 'avg_executed', worst: 'avg_worst', average: 'avg_average', best: 'avg_best' } as const;

async function scorePoints(processing: Processing, csv: Buffer): Promise<SeriesPoint[]> {
  const stats = await processing.scoreStats(new Uint8Array(csv), SERVER);
  return stats.entries.flatMap((entry) =>
    (Object.keys(SCORE_KEYS) as (keyof typeof SCORE_KEYS)[])
      .filter((field) => Number.isFinite(entry[field]))
      .map((field) => ({ x: entry.iteration, key: SCORE_KEYS[field], value: entry[field]! })),
  );
}

async function modePoints(processing: Processing, csv: Buffer): Promise<SeriesPoint[]> {
  const stats = await processing.modeStats(new Uint8Array(csv), SERVER);
  return stats.entries.flatMap((entry) =>
    Object.entries(entry.values)
      .filter((pair): pair is [string, number] => Number.isFinite(pair[1]))
      // Mode names come from a file the job wrote: no NULs in the database's text.
      .map(([mode, value]) => ({ x: entry.iteration, key: stripControlCharacters(mode), value })),
  );
}
