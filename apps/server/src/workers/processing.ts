/**
 * Reading user files off the main event loop: one method per feature, each with its bounds from `limits.ts`,
 * run in the worker pool. Past a bound the promise rejects with `TooLargeToProcessError`; unreadable content
 * rejects with the reader's `MatsimFormatError` as before; the server's event loop never decompresses or parses.
 */
import { MatsimFormatError } from '@corridor/matsim';
import type { SummaryKind } from '../modules/file-summary/summarize.ts';
import { formatBytes } from '../modules/files/content.ts';
import { NetworkTooLargeError } from '../modules/files/network-json.ts';
import type { ColorBy } from '../previews/index.ts';
import { ChangesetNotApplicable, type ApplyOptions } from '../modules/jobs/apply-changesets.ts';
import { TooLargeToProcessError } from './errors.ts';
import { DEFAULT_PROCESSING_LIMITS, type ProcessingLimits } from './limits.ts';
import { WorkerPool, type TaskInput } from './pool.ts';
import type { TaskArgs, TaskName, TaskResult } from './tasks.ts';
import type { WireError } from './worker.ts';

export class Processing {
  readonly limits: ProcessingLimits;
  private readonly pool: WorkerPool;

  constructor(limits: Partial<ProcessingLimits> = {}) {
    this.limits = { ...DEFAULT_PROCESSING_LIMITS, ...limits };
    this.pool = new WorkerPool(
      { size: this.limits.workers, heapMb: this.limits.workerHeapMb, idleMs: this.limits.workerIdleMs },
      decodeError,
    );
  }

  /** The data-type tag and content attributes (sniffing reads 64 KiB of content at most). */
  sniff(input: TaskInput, name: string) {
    return this.pool.run('sniff', { name }, input, this.limits.sniffTimeoutMs);
  }

  /** A CSV's first line (its header) and whether it has any content. */
  csvHead(input: TaskInput) {
    return this.pool.run('csvHead', {} as Record<string, never>, input, this.limits.sniffTimeoutMs);
  }

  summary(input: TaskInput, kind: SummaryKind) {
    const { summaryMaxBytes: maxBytes, summaryTimeoutMs } = this.limits;
    return this.run('summary', { kind, maxBytes }, input, summaryTimeoutMs);
  }

  /** A network as JSON or GeoJSON with at most `maxLinks` links and nodes. */
  networkJson(input: TaskInput, format: 'json' | 'geojson', maxLinks: number) {
    const maxBytes = maxLinks * this.limits.networkJsonBytesPerLink;
    return this.run('networkJson', { format, maxLinks, maxBytes }, input, this.limits.networkJsonTimeoutMs);
  }

  preview(input: TaskInput, options: { width: number; height: number; colorBy: ColorBy }) {
    const { previewMaxBytes: maxBytes, previewTimeoutMs } = this.limits;
    return this.run('preview', { ...options, maxBytes }, input, previewTimeoutMs);
  }

  /** The map editor's binary form, index and network info; coordinates from `crs` unless the file names its own. */
  networkBinary(input: TaskInput, crs: string | null) {
    const { networkBinaryMaxBytes: maxBytes, networkBinaryTimeoutMs } = this.limits;
    return this.run('networkBinary', { crs, maxBytes }, input, networkBinaryTimeoutMs);
  }

  /** A run's network with its changesets applied (bounded like the preview, which also holds the whole network). */
  applyChangesets(input: TaskInput, options: Omit<ApplyOptions, 'maxBytes'>) {
    const { previewMaxBytes: maxBytes, previewTimeoutMs } = this.limits;
    return this.run('applyChangesets', { ...options, maxBytes }, input, previewTimeoutMs);
  }

  /** A run's vehicle data from its events (visualizer); the segments go to `segmentsPath` as they come. */
  vehicleData(input: TaskInput, linkIds: string[], segmentsPath: string) {
    const { vehicleDataMaxBytes: maxBytes, vehicleDataTimeoutMs } = this.limits;
    return this.run('vehicleData', { linkIds, segmentsPath, maxBytes }, input, vehicleDataTimeoutMs);
  }

  /** Checks an imported run's zip (a local file) and extracts its file entries into `outDir` (`run-import/zip-extract.ts`). */
  zipExtract(zipPath: string, outDir: string) {
    const { zipMaxEntries: maxEntries, zipMaxBytes: maxTotalBytes, zipMaxRatio: maxRatio, zipTimeoutMs } = this.limits;
    return this.pool.run('zipExtract', { zipPath, outDir, maxEntries, maxTotalBytes, maxRatio }, new Uint8Array(0), zipTimeoutMs);
  }

  config(input: TaskInput) {
    return this.run('config', { maxBytes: this.limits.smallFileMaxBytes }, input, this.limits.smallFileTimeoutMs);
  }

  scoreStats(input: TaskInput) {
    return this.run('scoreStats', { maxBytes: this.limits.smallFileMaxBytes }, input, this.limits.smallFileTimeoutMs);
  }

  modeStats(input: TaskInput) {
    return this.run('modeStats', { maxBytes: this.limits.smallFileMaxBytes }, input, this.limits.smallFileTimeoutMs);
  }

  /** A run's logfile.log streamed once (the summaries' bounds): time stamps, last iteration, memory readings. */
  logSummary(input: TaskInput) {
    return this.run('logSummary', { maxBytes: this.limits.summaryMaxBytes }, input, this.limits.summaryTimeoutMs);
  }

  /** A zip file's entry names and sizes, from its central directory only (server files, spec 3 §3 zipContent). */
  zipContent(file: string, maxEntries: number) {
    return this.pool.run('zipContent', { path: file, maxEntries }, new Uint8Array(0), this.limits.sniffTimeoutMs);
  }

  /** The whole decompressed content, read to its end: truncated or damaged data fails before anything is sent. */
  inflate(input: TaskInput) {
    return this.run('inflate', { maxBytes: this.limits.inlineMaxBytes }, input, this.limits.inlineTimeoutMs);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * Runs a task with a decompressed-bytes bound. The readers' MatsimFormatError `too-large` becomes
   * TooLargeToProcessError: past the byte bound "it holds more than 19.5 MiB once decompressed", past another of
   * the package's bounds (a zstd window, an XML text) the package's own reason.
   */
  private async run<K extends TaskName>(task: K, args: TaskArgs<K> & { maxBytes: number }, input: TaskInput, timeoutMs: number): Promise<TaskResult<K>> {
    try {
      return await this.pool.run(task, args, input, timeoutMs);
    } catch (err) {
      if (!(err instanceof MatsimFormatError && err.code === 'too-large')) throw err;
      const pastBytes = err.reason.includes('once decompressed');
      throw new TooLargeToProcessError(pastBytes ? `it holds more than ${formatBytes(args.maxBytes)} once decompressed` : lowerFirst(err.reason.replace(/\.$/, '')));
    }
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The worker's error as the class callers know. */
function decodeError(error: WireError): Error {
  switch (error.kind) {
    case 'format':
      return new MatsimFormatError(error.code, error.reason, error.line, error.column);
    case 'network-too-large':
      return new NetworkTooLargeError(error.max, error.what);
    case 'changeset-not-applicable':
      return new ChangesetNotApplicable(error.message);
    default:
      return Object.assign(new Error(error.message), { stack: error.stack });
  }
}
