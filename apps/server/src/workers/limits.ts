/**
 * The bounds on reading user data on the server, in one place. Every read of an uploaded or produced file
 * (sniffing, summaries, networks as JSON, preview images, config and statistics reads, inline decompression) runs
 * in a worker thread (`pool.ts`) under these bounds; past one, the caller gets `TooLargeToProcessError` and the
 * user a "too large to process" answer, never a stalled server. Each bound is sized to what its feature needs:
 *
 * - decompressed bytes: a bomb (135 KB of zstd → 4 GiB) is stopped inside the decompressor, at the bound;
 * - worker heap: a file that builds a large model (millions of nodes) ends the worker at this heap size
 *   (`resourceLimits`); the worker is replaced, the server keeps its own memory;
 * - time: a task that takes longer is ended the same way (the reading speed is 25–75 MB/s, so a bound of
 *   N GiB needs about N × 15–40 s).
 *
 * The workers are shared out so one person cannot stall everyone's file work (issue 23, `pool.ts`): short tasks
 * (sniffing a new upload, configs, statistics, a zip's directory) have a worker of their own, and views (a network
 * as JSON, a file shown inline) start there on a trial of `viewTrialMs` before they count as long work; each person
 * runs at most `ownerShare` long tasks at once and has at most `ownerQueue` long tasks and views waiting (429
 * beyond). What is decided is the task's kind and time, never the file's stored size: a 176 KB bomb is 2 GiB of
 * persons. The same work asked for twice runs once, and a file found too large stays too large for that work until
 * restart (`processing.ts`).
 *
 * Tests pass smaller values through `AppDeps.processing`.
 */
import { availableParallelism } from 'node:os';

const MiB = 1 << 20;
const GiB = 1 << 30;

export interface ProcessingLimits {
  /** Worker threads reading files at the same time, for long work (more tasks wait in a queue). */
  workers: number;
  /** Worker threads beyond `workers` that long work never takes, so short tasks and views on trial never wait behind it. */
  shortWorkers: number;
  /** A view (network as JSON, a file shown inline) runs this long among the short tasks before it counts as long. */
  viewTrialMs: number;
  /** Long tasks one person (or the server's own work) runs at once: the rest of `workers` stays for others. */
  ownerShare: number;
  /** Long tasks and views one person may have waiting; one more is refused with 429 (not the server's own work). */
  ownerQueue: number;
  /** Live heap of one worker, in MiB (checked by a watchdog; V8's hard limit is twice that). */
  workerHeapMb: number;
  /** A worker idle this long is ended, so memory returns to the idle level after a burst. */
  workerIdleMs: number;
  /** Sniffing reads 64 KiB of content; the rest of the file is never decompressed. */
  sniffTimeoutMs: number;
  /** Population/plans and transit summaries stream the whole file (persons one at a time). */
  summaryMaxBytes: number;
  summaryTimeoutMs: number;
  /** The index of link use (`modules/link-use`) streams like a summary; it holds at most this many links and node pairs. */
  linkUseMaxKeys: number;
  /**
   * Networks as JSON/GeoJSON: at most this many decompressed bytes per link of `maxNetworkJsonLinks` (MATSim
   * writes ~300 bytes per link and ~100 per node), and at most that many nodes.
   */
  networkJsonBytesPerLink: number;
  networkJsonTimeoutMs: number;
  /** Preview images hold the whole network as flat arrays. */
  previewMaxBytes: number;
  previewTimeoutMs: number;
  /** The map editor's binary form of a network (`network-query/build.ts`) holds it as columns, like the previews. */
  networkBinaryMaxBytes: number;
  networkBinaryTimeoutMs: number;
  /**
   * A run's vehicle data (visualizer) streams the whole events file once: tens of GB for real studies, at
   * 25–75 MB/s — hence the long bound. Memory stays flat (segments go to a file as they come).
   */
  vehicleDataMaxBytes: number;
  vehicleDataTimeoutMs: number;
  /** DRT service areas (shapefiles, GeoPackages) are read whole, their .dbf and .prj on the main thread. */
  geodataMaxBytes: number;
  /** DRT generation (issue 29) reads a network's binary form and draws from its links. */
  drtGenerateTimeoutMs: number;
  /** Configs (the editor's limit on a saved config is 16 MiB) and the statistics tables a runner reports. */
  smallFileMaxBytes: number;
  smallFileTimeoutMs: number;
  /** A compressed file shown inline is decompressed whole (and checked) before the first byte is sent. */
  inlineMaxBytes: number;
  inlineTimeoutMs: number;
  /**
   * An imported run's zip (`modules/run-import/zip-expand.ts`): at most this many entries, this many bytes in all
   * (a whole output folder with its events: tens of GB), and an entry above 1 MiB expands at most `zipMaxRatio`
   * times (MATSim's XML deflates about 10–20 times; a bomb thousands of times). The archive as a whole, the zips
   * inside it included (expanded `zipMaxDepth` levels deep), writes at most `zipMaxArchiveRatio` times its size,
   * counted as the bytes are written (output folders measured 1–3 times, 8–12 times with every file uncompressed;
   * 1,000 entries of 1 MiB of zeros 900 times). The time bound is for the whole archive, written at 50–200 MB/s.
   */
  zipMaxEntries: number;
  zipMaxBytes: number;
  zipMaxRatio: number;
  zipMaxArchiveRatio: number;
  zipMaxDepth: number;
  zipTimeoutMs: number;
}

const WORKERS = Math.max(2, Math.min(availableParallelism(), 4));

export const DEFAULT_PROCESSING_LIMITS: ProcessingLimits = {
  workers: WORKERS,
  shortWorkers: 1,
  viewTrialMs: 2_000,
  ownerShare: Math.max(1, Math.floor(WORKERS / 2)),
  ownerQueue: 16,
  workerHeapMb: 1024,
  workerIdleMs: 10_000,
  sniffTimeoutMs: 10_000,
  summaryMaxBytes: 4 * GiB,
  summaryTimeoutMs: 5 * 60_000,
  linkUseMaxKeys: 2_000_000,
  networkJsonBytesPerLink: 2048,
  networkJsonTimeoutMs: 60_000,
  previewMaxBytes: 2 * GiB,
  previewTimeoutMs: 5 * 60_000,
  networkBinaryMaxBytes: 2 * GiB,
  networkBinaryTimeoutMs: 5 * 60_000,
  vehicleDataMaxBytes: 64 * GiB,
  vehicleDataTimeoutMs: 2 * 60 * 60_000,
  geodataMaxBytes: 64 * MiB,
  drtGenerateTimeoutMs: 60_000,
  smallFileMaxBytes: 16 * MiB,
  smallFileTimeoutMs: 10_000,
  inlineMaxBytes: 64 * MiB,
  inlineTimeoutMs: 30_000,
  zipMaxEntries: 10_000,
  zipMaxBytes: 64 * GiB,
  zipMaxRatio: 200,
  zipMaxArchiveRatio: 50,
  zipMaxDepth: 2,
  zipTimeoutMs: 2 * 60 * 60_000,
};
