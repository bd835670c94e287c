/**
 * Reading user files off the main event loop: one method per feature, each with its bounds from `limits.ts` and
 * its lane (short, view or long: `pool.ts`), run in the worker pool. Past a bound the promise rejects with
 * `TooLargeToProcessError`; unreadable content rejects with the reader's `MatsimFormatError` as before; the server's
 * event loop never decompresses or parses.
 *
 * Every call names who asks (`Asker`: whose share of the pool, and the request's signal). A stored file
 * (`storedBlob`) is identified by its blob key, which never changes content: the same task with the same arguments
 * on it runs once for all who ask at the same time, and a "too large" answer is remembered (until restart) so asking
 * again answers at once. When everyone who asked has gone, the work is dropped or ended.
 */
import { formatBytes, type LinkUseLink } from '@corridor/contract';
import { MatsimFormatError } from '@corridor/matsim';
import type { SummaryKind } from '../modules/file-summary/summarize.ts';
import { NetworkTooLargeError } from '../modules/files/network-json.ts';
import type { ColorBy } from '../previews/index.ts';
import { ChangesetNotApplicable } from '../modules/jobs/apply-changesets.ts';
import type { ScenarioApplyOptions } from '../modules/jobs/apply-transit.ts';
import type { DrtSource } from '../modules/drt-data/build.ts';
import type { DrtGenerateArgs } from '../modules/drt-generate/build.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { ProcessingCancelledError, TooLargeToProcessError } from './errors.ts';
import { DEFAULT_PROCESSING_LIMITS, type ProcessingLimits } from './limits.ts';
import { SERVER_OWNER, WorkerPool, type Lane, type TaskInput } from './pool.ts';
import { Remembered } from './remembered.ts';
import type { TaskArgs, TaskName, TaskResult } from './tasks.ts';
import type { WireError } from './worker.ts';

/** Who asks for file work: whose share of the pool it counts against, and until when it is wanted. */
export interface Asker {
  /** `user:<id>`, or the server's own work (`server`, `server:<purpose>`). */
  owner: string;
  /** Aborts when the client has gone (`plugins/client-gone.ts`); the work is dropped unless others share it. */
  signal?: AbortSignal;
}

/**
 * The server's own work, by what it is for: each purpose has a share of its own, so hours of a run's vehicle data do
 * not hold back the previews of a network someone just attached.
 */
export const serverWork = (purpose: 'previews' | 'visualizer' | 'run-import'): Asker => ({ owner: `${SERVER_OWNER}:${purpose}` });

/** The server's other work: runner reports, templates, tables a run's post-processing imports. */
export const SERVER: Asker = { owner: SERVER_OWNER };

export const askedBy = (user: { userId: number }, signal?: AbortSignal): Asker => ({ owner: `user:${user.userId}`, signal });

/** A stored file: its blob key says which content it is, and it can be opened again (a view's trial restarts). */
export interface StoredInput {
  blobKey: string;
  open(): TaskInput;
}

export const storedBlob = (blobs: BlobStore, blobKey: string): StoredInput => ({ blobKey, open: () => blobs.read(blobKey) });

type Input = TaskInput | StoredInput;

/** Short tasks, views (short on trial, then long) and long work (`pool.ts`). */
type Kind = Lane | 'view';

/** One piece of work and everyone waiting for it. */
interface Flight {
  promise: Promise<unknown>;
  callers: number;
  controller: AbortController;
}

export class Processing {
  readonly limits: ProcessingLimits;
  private readonly pool: WorkerPool;
  /** Work running or queued on stored files, by task, blob key and arguments. */
  private readonly flights = new Map<string, Flight>();
  /** Too-large answers on stored files, by the same key. */
  private readonly tooLarge = new Remembered<TooLargeToProcessError>(1000);

  constructor(limits: Partial<ProcessingLimits> = {}) {
    this.limits = { ...DEFAULT_PROCESSING_LIMITS, ...limits };
    const { workers: size, shortWorkers: shortSize, ownerShare, ownerQueue, workerHeapMb: heapMb, workerIdleMs: idleMs } = this.limits;
    this.pool = new WorkerPool({ size, shortSize, ownerShare, ownerQueue, heapMb, idleMs }, decodeError);
  }

  /** The data-type tag and content attributes (sniffing reads 64 KiB of content at most). */
  sniff(input: Input, name: string, asker: Asker) {
    return this.run('sniff', { name }, input, this.limits.sniffTimeoutMs, asker, 'short');
  }

  /** A CSV's first line (its header) and whether it has any content. */
  csvHead(input: Input, asker: Asker) {
    return this.run('csvHead', {} as Record<string, never>, input, this.limits.sniffTimeoutMs, asker, 'short');
  }

  summary(input: Input, kind: SummaryKind, asker: Asker) {
    const { summaryMaxBytes: maxBytes, summaryTimeoutMs } = this.limits;
    return this.run('summary', { kind, maxBytes }, input, summaryTimeoutMs, asker);
  }

  /** A population/plans file's index of link use (`link-use/build.ts`), streamed like the summaries. */
  linkUse(input: Input, asker: Asker) {
    const { summaryMaxBytes: maxBytes, summaryTimeoutMs, linkUseMaxKeys: maxKeys } = this.limits;
    return this.run('linkUse', { maxBytes, maxKeys }, input, summaryTimeoutMs, asker);
  }

  /** A large stored index of link use asked about some links (`link-use/lookup.ts`); null when it is no index. */
  linkUseLookup(input: Input, links: LinkUseLink[], asker: Asker) {
    const { summaryMaxBytes: maxBytes, networkJsonTimeoutMs } = this.limits;
    return this.run('linkUseLookup', { links, maxBytes }, input, networkJsonTimeoutMs, asker, 'view');
  }

  /** A transit schedule's data for the map editor (`transit-data/build.ts`); coordinates from `crs` unless the file names its own. */
  transitData(input: Input, crs: string | null, asker: Asker) {
    const { summaryMaxBytes: maxBytes, summaryTimeoutMs } = this.limits;
    return this.run('transitData', { crs, maxBytes }, input, summaryTimeoutMs, asker);
  }

  /**
   * A DRT file's data for the map editor (`drt-data/build.ts`). Fleets and stop files stream like the summaries; a
   * service area is read whole (bounded by `geodataMaxBytes`), and a shapefile's .dbf/.prj travel in the arguments,
   * so that work is not shared by key.
   */
  drtData(input: StoredInput, source: DrtSource, crs: string | null, asker: Asker) {
    const { summaryMaxBytes, geodataMaxBytes, summaryTimeoutMs } = this.limits;
    const whole = source.kind === 'shapefile' || source.kind === 'geopackage';
    const args = { source, crs, maxBytes: whole ? geodataMaxBytes : summaryMaxBytes };
    return this.run('drtData', args, source.kind === 'shapefile' ? input.open() : input, summaryTimeoutMs, asker);
  }

  /**
   * DRT vehicles or stops generated inside an area on a network's binary form (`drt-generate/build.ts`): someone
   * waits at the map for it, so it runs as a view (among the short tasks on trial, then as long work).
   */
  drtGenerate(networkBinary: StoredInput, args: Omit<DrtGenerateArgs, 'maxBytes'>, asker: Asker) {
    const { networkBinaryMaxBytes: maxBytes, drtGenerateTimeoutMs } = this.limits;
    return this.run('drtGenerate', { ...args, maxBytes }, networkBinary, drtGenerateTimeoutMs, asker, 'view');
  }

  /** A network as JSON or GeoJSON with at most `maxLinks` links and nodes. */
  networkJson(input: Input, format: 'json' | 'geojson', maxLinks: number, asker: Asker) {
    const maxBytes = maxLinks * this.limits.networkJsonBytesPerLink;
    return this.run('networkJson', { format, maxLinks, maxBytes }, input, this.limits.networkJsonTimeoutMs, asker, 'view');
  }

  preview(input: Input, options: { width: number; height: number; colorBy: ColorBy }, asker: Asker) {
    const { previewMaxBytes: maxBytes, previewTimeoutMs } = this.limits;
    return this.run('preview', { ...options, maxBytes }, input, previewTimeoutMs, asker);
  }

  /** The map editor's binary form, index and network info; coordinates from `crs` unless the file names its own. */
  networkBinary(input: Input, crs: string | null, asker: Asker) {
    const { networkBinaryMaxBytes: maxBytes, networkBinaryTimeoutMs } = this.limits;
    return this.run('networkBinary', { crs, maxBytes }, input, networkBinaryTimeoutMs, asker);
  }

  /**
   * A run's network and transit schedule with its changesets applied (bounded like the preview, which also holds
   * the whole network). The schedule's bytes travel in the arguments, so that work is not shared by key.
   */
  applyChangesets(network: StoredInput, options: Omit<ScenarioApplyOptions, 'maxBytes'>, asker: Asker) {
    const { previewMaxBytes: maxBytes, previewTimeoutMs } = this.limits;
    return this.run('applyChangesets', { ...options, maxBytes }, options.schedule ? network.open() : network, previewTimeoutMs, asker);
  }

  /** A run's vehicle data from its events (visualizer); the segments go to `segmentsPath` as they come. */
  vehicleData(input: Input, linkIds: string[], segmentsPath: string, asker: Asker) {
    const { vehicleDataMaxBytes: maxBytes, vehicleDataTimeoutMs } = this.limits;
    return this.run('vehicleData', { linkIds, segmentsPath, maxBytes }, input, vehicleDataTimeoutMs, asker);
  }

  /** Checks an imported run's zip (a local file) and extracts its file entries into `outDir` (`run-import/zip-extract.ts`). */
  zipExtract(zipPath: string, outDir: string, asker: Asker) {
    const { zipMaxEntries: maxEntries, zipMaxBytes: maxTotalBytes, zipMaxRatio: maxRatio, zipMaxArchiveRatio: maxArchiveRatio, zipMaxDepth: maxDepth } = this.limits;
    const args = { zipPath, outDir, maxEntries, maxTotalBytes, maxRatio, maxArchiveRatio, maxDepth };
    return this.run('zipExtract', args, new Uint8Array(0), this.limits.zipTimeoutMs, asker);
  }

  config(input: Input, asker: Asker) {
    return this.run('config', { maxBytes: this.limits.smallFileMaxBytes }, input, this.limits.smallFileTimeoutMs, asker, 'short');
  }

  scoreStats(input: Input, asker: Asker) {
    return this.run('scoreStats', { maxBytes: this.limits.smallFileMaxBytes }, input, this.limits.smallFileTimeoutMs, asker, 'short');
  }

  modeStats(input: Input, asker: Asker) {
    return this.run('modeStats', { maxBytes: this.limits.smallFileMaxBytes }, input, this.limits.smallFileTimeoutMs, asker, 'short');
  }

  /** A run's logfile.log streamed once (the summaries' bounds): time stamps, last iteration, memory readings. */
  logSummary(input: Input, asker: Asker) {
    return this.run('logSummary', { maxBytes: this.limits.summaryMaxBytes }, input, this.limits.summaryTimeoutMs, asker);
  }

  /** A zip file's entry names and sizes, from its central directory only (server files, spec 3 §3 zipContent). */
  zipContent(file: string, maxEntries: number, asker: Asker) {
    return this.run('zipContent', { path: file, maxEntries }, new Uint8Array(0), this.limits.sniffTimeoutMs, asker, 'short');
  }

  /** The whole decompressed content, read to its end: truncated or damaged data fails before anything is sent. */
  inflate(input: Input, asker: Asker) {
    return this.run('inflate', { maxBytes: this.limits.inlineMaxBytes }, input, this.limits.inlineTimeoutMs, asker, 'view');
  }

  /** The first `maxBytes` of the decompressed content, and whether more follows (views of large outputs). */
  textHead(input: Input, maxBytes: number, asker: Asker) {
    return this.run('textHead', { maxBytes }, input, this.limits.inlineTimeoutMs, asker, 'view');
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * Runs a task for `asker`, shared with whoever asks for the same work on the same stored file meanwhile; a stored
   * file found too large for it answers the same at once next time.
   */
  private run<K extends TaskName>(task: K, args: TaskArgs<K>, input: Input, timeoutMs: number, asker: Asker, kind: Kind = 'long'): Promise<TaskResult<K>> {
    const key = 'blobKey' in input ? `${task}\n${input.blobKey}\n${JSON.stringify(args)}` : null;
    const known = key === null ? undefined : this.tooLarge.get(key);
    if (known) return Promise.reject(known);
    let flight = key === null ? undefined : this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = this.attempt(task, args, input, timeoutMs, { owner: asker.owner, signal: controller.signal }, kind);
      const started: Flight = { promise, callers: 0, controller };
      flight = started;
      if (key !== null) {
        this.flights.set(key, started);
        const forget = () => this.flights.get(key) === started && this.flights.delete(key);
        promise.then(forget, (err: unknown) => {
          forget();
          if (err instanceof TooLargeToProcessError) this.tooLarge.set(key, err);
        });
      }
      promise.catch(() => undefined); // everyone who asked may have gone
    }
    return join(flight, asker.signal) as Promise<TaskResult<K>>;
  }

  /**
   * One run in the pool. A view on a file that can be opened again starts among the short tasks on trial. The
   * readers' MatsimFormatError `too-large` becomes TooLargeToProcessError: past the byte bound "it holds more than
   * 19.5 MiB once decompressed", past another of the package's bounds (a zstd window, an XML text) the package's
   * own reason.
   */
  private async attempt<K extends TaskName>(task: K, args: TaskArgs<K>, input: Input, timeoutMs: number, asker: Required<Asker>, kind: Kind): Promise<TaskResult<K>> {
    const open = 'blobKey' in input ? input.open : () => input;
    const reopens = 'blobKey' in input || input instanceof Uint8Array;
    const lane: Lane = kind === 'view' ? (reopens ? 'short' : 'long') : kind;
    const trialMs = kind === 'view' && reopens ? this.limits.viewTrialMs : undefined;
    try {
      return await this.pool.run(task, args, open, { ...asker, lane, timeoutMs, trialMs });
    } catch (err) {
      if (!(err instanceof MatsimFormatError && err.code === 'too-large')) throw err;
      const pastBytes = err.reason.includes('once decompressed');
      const maxBytes = (args as { maxBytes?: number }).maxBytes ?? 0;
      throw new TooLargeToProcessError(pastBytes ? `it holds more than ${formatBytes(maxBytes)} once decompressed` : lowerFirst(err.reason.replace(/\.$/, '')));
    }
  }
}

/** One caller's wait for shared work: when the caller's signal aborts it leaves, and the last one to leave ends the work. */
function join(flight: Flight, signal: AbortSignal | undefined): Promise<unknown> {
  flight.callers++;
  if (!signal) return flight.promise;
  const leave = () => {
    if (--flight.callers === 0) flight.controller.abort(new ProcessingCancelledError());
  };
  if (signal.aborted) {
    leave();
    return Promise.reject(new ProcessingCancelledError());
  }
  return new Promise((resolve, reject) => {
    const abort = () => {
      leave();
      reject(new ProcessingCancelledError());
    };
    signal.addEventListener('abort', abort, { once: true });
    const done = () => signal.removeEventListener('abort', abort);
    flight.promise.then(
      (value) => (done(), resolve(value)),
      (err: unknown) => (done(), reject(err)),
    );
  });
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
