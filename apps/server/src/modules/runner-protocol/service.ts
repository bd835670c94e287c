/**
 * The runner protocol's rules (see the contract's runner-protocol.ts): who may call (token and address), which
 * runner holds which job, and what each call changes. Ending a job always goes through the JobLifecycle.
 */
import { randomUUID } from 'node:crypto';
import {
  JOB_NOT_YOURS,
  RUNNER_UNKNOWN,
  type ClaimAnswer,
  type ClaimRequest,
  type FileRole,
  type HeartbeatAnswer,
  type JobFinish,
  type JobProgress,
  type RunnerHeartbeat,
  type RunnerHello,
  type RunnerWelcome,
} from '@corridor/contract';
import type { Readable } from 'node:stream';
import { conflict, forbidden, HttpError, notFound, unauthorized } from '../../shared/errors.ts';
import { NO_EVENTS, type EventLog } from '../../shared/events.ts';
import type { ByteSource } from '../../storage/blob-store.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import { hashRunnerToken } from '../runner-tokens/embedded-token.ts';
import { addressAllowed, normalizeAddress } from './address-ranges.ts';
import { JobReports, type JobReportsDeps } from './job-reports.ts';
import { restartedWithout } from './lifecycle.ts';
import type { JobState, RunnerProtocolRepository, TokenRow } from './repository.ts';

export const TOKEN_REQUIRED = 'A valid runner token is required.';
/** The refusal names the address the server saw, so the runner's operator knows what to allow (issue 26). */
export const addressRefused = (address: string) =>
  `This address (${address}) may not use this runner token. An administrator can add it to the token's IPv4 or IPv6 range on the Runners page (Settings → Runners).`;
export const BAD_OUTPUT_PATH = 'The output path must be relative and "/"-separated, without empty, "." or ".." parts.';

export interface RunnerProtocolDeps extends JobReportsDeps {
  datasets: DatasetsRepository;
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
  /** The server log: runners connecting or refused, runs starting (issue 26). */
  events?: EventLog;
}

/** A connected runner, as resolved from the X-Runner-Id header. */
export interface RunnerRef {
  id: string;
  tokenId: number;
  name: string;
  capabilities: string[];
}

type HeldJob = JobState & { datasetId: number };

export class RunnerProtocolService {
  /** The reports of running jobs, shared with external runs (modules/external-runs). */
  readonly reports: JobReports;

  constructor(private readonly deps: RunnerProtocolDeps) {
    this.reports = new JobReports(deps);
  }

  private get events(): EventLog {
    return this.deps.events ?? NO_EVENTS;
  }

  /** Checks `Authorization: Bearer {token}` (401) and the caller's address against the token's ranges (403). */
  async authenticate(authorization: string | undefined, address: string): Promise<TokenRow> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const token = match ? await this.deps.repository.findToken(hashRunnerToken(match[1]!)) : null;
    if (!token) {
      this.events.warn({ event: 'runner.refused', reason: match ? 'unknown token' : 'no token', address: normalizeAddress(address) }, 'a runner was refused: no valid runner token');
      throw unauthorized(TOKEN_REQUIRED);
    }
    if (!addressAllowed(token, address)) {
      this.events.warn({ event: 'runner.refused', reason: 'address', tokenId: token.id, address: normalizeAddress(address) }, "a runner was refused: its address is outside the token's ranges");
      throw forbidden(addressRefused(normalizeAddress(address)));
    }
    return token;
  }

  async connect(token: TokenRow, address: string, hello: RunnerHello): Promise<RunnerWelcome> {
    const fields = {
      tokenId: token.id,
      name: hello.name,
      capabilities: hello.capabilities,
      sandboxed: hello.sandboxed,
      totalResources: hello.totalResources,
      availableResources: hello.availableResources,
      address: normalizeAddress(address),
      now: this.deps.now(),
    };
    // A known id is kept (the runner keeps its jobs); an id of another token's runner is not taken over.
    let runnerId = (hello.runnerId && (await this.deps.repository.upsertRunner({ ...fields, id: hello.runnerId }))) || null;
    const kept = runnerId !== null;
    runnerId ??= await this.deps.repository.upsertRunner({ ...fields, id: randomUUID() });
    if (!runnerId) throw new Error('could not register the runner');
    // A runner that kept its id (reconnected, or a Slurm runner restarted) names the jobs it still has: the others it
    // held (claimed by a process that was killed before it started them) end now, not never. A report since this
    // connect began keeps a job (a claim answered meanwhile).
    if (kept) await this.deps.lifecycle.failJobsOfRunner(runnerId, restartedWithout(hello.name), { jobs: hello.jobs, reportedBefore: fields.now });
    this.events.info({ event: 'runner.connected', runnerId, runner: hello.name, tokenId: token.id, address: fields.address, capabilities: hello.capabilities, sandboxed: hello.sandboxed }, 'a runner connected');
    return { runnerId, heartbeatMs: this.deps.heartbeatMs, heartbeatTimeoutMs: this.deps.heartbeatTimeoutMs };
  }

  /** The runner named by X-Runner-Id, connected with this token; 404 RUNNER_UNKNOWN otherwise. */
  async runner(token: TokenRow, runnerId: string | undefined): Promise<RunnerRef> {
    const row = runnerId ? await this.deps.repository.findRunner(runnerId, token.id) : null;
    if (!row) throw notFound(RUNNER_UNKNOWN);
    return { id: row.id, tokenId: row.tokenId, name: row.name, capabilities: row.capabilities };
  }

  async heartbeat(runner: RunnerRef, beat: RunnerHeartbeat): Promise<HeartbeatAnswer> {
    await this.deps.repository.heartbeat(runner.id, beat.availableResources, this.deps.now());
    return { cancel: await this.deps.repository.jobsToStop(runner.id, beat.jobs) };
  }

  async claim(runner: RunnerRef, request: ClaimRequest): Promise<ClaimAnswer> {
    const { repository, now } = this.deps;
    const jobId =
      (await repository.findClaimed(runner.id, request.claimId)) ??
      (await repository.claim({
        runnerId: runner.id,
        // Kept on the job: the runner's row goes when it is lost or replaced (issue 26).
        runnerName: runner.name,
        claimId: request.claimId,
        available: request.availableResources,
        engine: runner.capabilities.includes('engine'),
        java: runner.capabilities.includes('java'),
        now: now(),
      }));
    if (jobId === null) return { job: null };
    const row = await repository.claimRow(jobId);
    if (!row || row.datasetId === null) return { job: null };
    const parameters = row.parameters;
    return {
      job: {
        jobId,
        runId: row.datasetId,
        matsimRunId: String(parameters.matsimRunId ?? ''),
        command: row.command,
        memory: String(parameters.memory ?? ''),
        programArgs: String(parameters.programArgs ?? ''),
        allowCustomJar: row.allowCustomJar ?? false,
        matsimVersion: row.matsimVersion,
        files: [
          ...(await repository.jobFiles(jobId)).map((f) => ({ fileId: f.fileId, name: f.name, role: f.role as FileRole, template: false, extractArchive: false })),
          // The template's own files: staged under their names next to the config (older runners: as input files).
          ...(await repository.templateFiles(jobId)).map((f) => ({ ...f, role: 'input' as const, template: true })),
        ],
        ramInGb: row.ramInGb,
        cpuCores: row.cpuCores,
      },
    };
  }

  async inputFile(runner: RunnerRef, jobId: number, fileId: number): Promise<{ stream: Readable; name: string; size: number }> {
    await this.held(runner, jobId);
    const file = await this.deps.repository.inputFile(jobId, fileId);
    if (!file) throw notFound('The file is not an input of this job.');
    return { stream: this.deps.blobs.read(file.blobKey), name: file.name, size: file.size };
  }

  async started(runner: RunnerRef, jobId: number): Promise<void> {
    const job = await this.held(runner, jobId);
    // A retried call for a job that is STARTED already changes nothing.
    if (job.status === 'SUBMITTED' && !(await this.deps.repository.markStarted(jobId, runner.id, this.deps.now()))) {
      throw conflict(JOB_NOT_YOURS);
    }
    if (job.status === 'SUBMITTED') this.events.info({ event: 'run.started', runId: job.datasetId, jobId, runnerId: runner.id, runner: runner.name }, 'a run started');
  }

  async log(runner: RunnerRef, jobId: number, chunk: Buffer): Promise<void> {
    await this.reports.log(await this.held(runner, jobId), chunk);
  }

  async progress(runner: RunnerRef, jobId: number, progress: JobProgress): Promise<void> {
    await this.reports.progress(await this.held(runner, jobId), progress);
  }

  /** Replaces the run's scoreStats or modeStats table from the whole file so far; a file that cannot be read changes nothing. */
  async stats(runner: RunnerRef, jobId: number, name: 'scorestats' | 'modestats', csv: Buffer): Promise<void> {
    await this.reports.stats(await this.held(runner, jobId), name, csv);
  }

  /** Stores one output file; it appears in the run once complete (JobReports.output). */
  async output(runner: RunnerRef, jobId: number, rawPath: string, body: ByteSource): Promise<{ fileId: number }> {
    const job = await this.held(runner, jobId);
    return this.reports.output(job, outputName(rawPath), body);
  }

  async finish(runner: RunnerRef, jobId: number, finish: JobFinish): Promise<void> {
    const outcome = { status: finish.status, exitCode: finish.exitCode, message: finish.message ?? null };
    if (!(await this.reports.finish(jobId, outcome, { heldBy: runner.id }))) throw conflict(JOB_NOT_YOURS);
  }

  /**
   * The job if this runner holds it and it has not ended; 409 JOB_NOT_YOURS otherwise — also for a job that no longer
   * exists (its run was deleted), so the runner drops it like any job that is not its own any more.
   */
  private async held(runner: RunnerRef, jobId: number): Promise<HeldJob> {
    const job = await this.deps.repository.jobState(jobId);
    if (!job || job.runnerId !== runner.id || (job.status !== 'SUBMITTED' && job.status !== 'STARTED') || job.datasetId === null) {
      throw conflict(JOB_NOT_YOURS);
    }
    return job as HeldJob;
  }
}

/** A relative, "/"-separated path without empty, "." or ".." segments, backslashes or control characters. */
export function outputName(rawPath: string): string {
  const segments = rawPath.split('/');
  const bad = /[\\\x00-\x1f\x7f]/.test(rawPath) || segments.some((s) => s === '' || s === '.' || s === '..' || s.trim() !== s);
  if (bad || rawPath.length > 1000) throw new HttpError(400, BAD_OUTPUT_PATH);
  return rawPath;
}
