/**
 * The runner protocol: how a runner agent (apps/runner, embedded or remote) talks to the server. Every call is
 * under /api/v1/jobs/runner, carries `Authorization: Bearer {runner token}` and comes from an address inside the
 * token's IPv4/IPv6 range (else 401/403). Calls about a runner carry its id in the `X-Runner-Id` header; an
 * unknown id answers 404 with RUNNER_UNKNOWN and the runner connects again (keeping its id and its jobs).
 *
 * 1. POST /connect                       RunnerHello → RunnerWelcome
 * 2. POST /heartbeat (every heartbeatMs) RunnerHeartbeat → HeartbeatAnswer (cancel: job ids to stop)
 * 3. POST /claim                         ClaimRequest → ClaimAnswer (job: null when nothing fits). The job moves
 *                                        CREATED → SUBMITTED atomically; a retried claim with the same claimId
 *                                        answers the same job again, so a lost answer never loses a job.
 * 4. GET  /jobs/{id}/files/{fileId}      the bytes of one input file of a job claimed by this runner
 * 5. POST /jobs/{id}/started             → SUBMITTED → STARTED, event runStarted
 * 6. POST /jobs/{id}/log                 text/plain (or application/octet-stream) appended to the run's log
 * 7. POST /jobs/{id}/progress            JobProgress: current iteration and memory readings
 * 8. PUT  /jobs/{id}/stats/{name}        text/csv, name scorestats | modestats: the whole file so far; the server
 *                                        replaces the run's scoreStats/modeStats table from it
 * 9. POST /jobs/{id}/outputs?path=       application/octet-stream: one output file (path relative to the output
 *                                        directory, "/" separated); it appears in the run only once complete;
 *                                        413 past the run's output limits (run-outputs.ts: stop uploading)
 * 10. POST /jobs/{id}/finish             JobFinish → FINISHED/FAILED/CANCELLED, event runFinished
 * Calls 5–10 for a job that is final, or claimed by another runner, answer 409 JOB_NOT_YOURS.
 */
import { z } from 'zod';
import { Int32, Iteration, RowId, RowIdText } from './integers.ts';
import { FileRole, Resources } from './jobs.ts';
import { ExactText, Name } from './strings.ts';

export const RUNNER_PROTOCOL_PREFIX = '/jobs/runner';
export const RUNNER_ID_HEADER = 'x-runner-id';
export const RUNNER_UNKNOWN = 'This runner is not connected; connect again.';
export const JOB_NOT_YOURS = 'This job is not running on this runner.';

/** Defaults; the server tells the runner its heartbeat interval in RunnerWelcome. */
export const RUNNER_HEARTBEAT_MS = 5_000;
export const RUNNER_HEARTBEAT_TIMEOUT_MS = 60_000;

export const RunnerHello = z.object({
  /** The id of a previous connection (reconnecting keeps it); absent the first time. */
  runnerId: ExactText().min(8).max(100).optional(),
  name: Name(),
  /** e.g. "engine" (built-in engine), "java" (java on PATH), "java21". */
  capabilities: z.array(ExactText().max(50)).max(50),
  /** Whether the runner starts its jobs in the bubblewrap sandbox (older runners do not say: false). */
  sandboxed: z.boolean().default(false),
  totalResources: Resources,
  availableResources: Resources,
  /** Jobs the runner is still working on (after a reconnect). */
  jobs: z.array(RowId).default([]),
});
export type RunnerHello = z.infer<typeof RunnerHello>;
export const RunnerWelcome = z.object({ runnerId: z.string(), heartbeatMs: z.number().int(), heartbeatTimeoutMs: z.number().int() });
export type RunnerWelcome = z.infer<typeof RunnerWelcome>;

export const RunnerHeartbeat = z.object({ availableResources: Resources, jobs: z.array(RowId) });
export type RunnerHeartbeat = z.infer<typeof RunnerHeartbeat>;
/** cancel: jobs the runner must stop (a user cancelled them, or they are no longer the runner's). */
export const HeartbeatAnswer = z.object({ cancel: z.array(z.number().int()) });
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswer>;

export const ClaimRequest = z.object({
  /** A fresh random id per claim attempt; repeat it when retrying the same attempt. */
  claimId: ExactText().min(8).max(100),
  availableResources: Resources,
});
export type ClaimRequest = z.infer<typeof ClaimRequest>;

export const ClaimedJob = z.object({
  jobId: z.number().int(),
  /** The run dataset. */
  runId: z.number().int(),
  /** controller.runId for the working config. */
  matsimRunId: z.string(),
  /** The job template's command with placeholders ($ENGINE $CONFIG $ARGS, …). */
  command: z.string(),
  memory: z.string(),
  programArgs: z.string(),
  allowCustomJar: z.boolean(),
  /** The MATSim release the template uses ($JAR when no custom jar), or null. */
  matsimVersion: z.string().nullable(),
  /**
   * Input files by role: download with GET /jobs/{jobId}/files/{fileId}. The job template's files come with
   * `template: true`: staged under exactly their `name` (a relative path) next to the config, or extracted there
   * when `extractArchive` (a zip); older servers send neither (false).
   */
  files: z.array(
    z.object({
      fileId: z.number().int(),
      name: z.string(),
      role: FileRole,
      template: z.boolean().default(false),
      extractArchive: z.boolean().default(false),
    }),
  ),
  ramInGb: z.number(),
  cpuCores: z.number().int(),
});
export type ClaimedJob = z.infer<typeof ClaimedJob>;
export const ClaimAnswer = z.object({ job: ClaimedJob.nullable() });
export type ClaimAnswer = z.infer<typeof ClaimAnswer>;

export const MemoryReading = z.object({
  /** ms since the epoch. */
  time: z.number(),
  /** used, free, total (MemoryObserver) or rss (process). */
  key: ExactText().max(20),
  /** bytes */
  value: z.number(),
});
export type MemoryReading = z.infer<typeof MemoryReading>;
export const JobProgress = z.object({
  iteration: Iteration.optional(),
  memory: z.array(MemoryReading).max(1000).default([]),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const STATS_FILES = ['scorestats', 'modestats'] as const;
export const StatsParams = z.object({ id: RowIdText, name: z.enum(STATS_FILES) });

export const OutputQuery = z.object({ path: ExactText().min(1).max(1000) });
/** 415 for an output file sent as anything but its bytes (runner protocol and external runs alike). */
export const OUTPUT_BODY_TYPE = 'An output file is sent as its bytes, with Content-Type application/octet-stream.';
/** 415 for a log chunk or a statistics file sent as anything but text. */
export const CHUNK_BODY_TYPE = 'A log chunk or statistics file is sent as text/plain, text/csv or application/octet-stream.';

export const JobFinish = z.object({
  status: z.enum(['FINISHED', 'FAILED', 'CANCELLED']),
  exitCode: Int32.nullable(),
  /** Why, for people (shown on the run page and appended to the log). */
  message: z.string().max(2_000).optional(),
});
export type JobFinish = z.infer<typeof JobFinish>;
