/**
 * The import post-processing of a finished run (runImported): the run's zips expanded, its scorestats/modestats
 * and logfile.log memory lines read into the run's series (in the worker pool, through the same JobReports as a
 * runner's reports), the external job ended FINISHED at the last iteration with the log's times — which starts the
 * standard post-processing of a finished run (output network preview, output tables, vehicle data). Every step
 * writes its lines to the run's post-processing log; a failed step is logged and the others go on; a refused zip
 * ends the import FAILED with its message.
 *
 * The import is background work claimed through the database (kind `run-import`, cluster/work-queue.ts, issue 30):
 * one server imports a run. A server killed midway leaves half-expanded zips, so the server that claims the item
 * next ends the import FAILED with IMPORT_INTERRUPTED at once (what the heartbeat monitor says after ten minutes of
 * silence otherwise) instead of expanding the zips a second time; a graceful shutdown waits for the import.
 */
import type { Readable } from 'node:stream';
import { IMPORT_INTERRUPTED } from '@corridor/contract';
import type { WorkItem, WorkQueue } from '../../cluster/work-queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { whileRenewing } from '../../shared/keep-alive.ts';
import { userMessage } from '../../shared/user-message.ts';
import { serverWork, storedBlob, type Processing } from '../../workers/processing.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { JobReports, ReportingJob } from '../runner-protocol/job-reports.ts';
import type { PostProcessLog } from '../runs/post-process-log.ts';
import { isMatsimOutputName, noMatsimOutputMessage, runOutputs } from './outputs.ts';
import type { ImportFile, RunImportRepository } from './repository.ts';

/** What the zip step (zip-expand.ts) answers: its log lines and, when a zip was refused, why. */
export interface ZipStepResult {
  lines: string[];
  refused: string | null;
}

export interface RunImportProcessDeps {
  repository: RunImportRepository;
  reports: Pick<JobReports, 'stats' | 'progress' | 'finish'>;
  datasets: Pick<DatasetsRepository, 'patchAttributes'>;
  blobs: BlobStore;
  processing: Pick<Processing, 'logSummary' | 'limits'>;
  log: PostProcessLog;
  /** Expands the run's attached zips into files of the run (zip-expand.ts). */
  expandZips: (runId: number) => Promise<ZipStepResult>;
  now: () => Date;
  onError: (err: unknown, runId: number) => void;
  /** How often the job's last report is renewed while the import works; default 60 s. */
  touchMs?: number;
  work: WorkQueue;
}

export const RUN_IMPORT_WORK = 'run-import';

/** Memory readings per series write (five parameters a row stay well below PostgreSQL's limit). */
const MEMORY_CHUNK = 3000;

export class RunImportProcess {
  constructor(private readonly deps: RunImportProcessDeps) {
    deps.work.define(RUN_IMPORT_WORK, { concurrency: 2, handle: (item) => this.claimed(item).catch((err: unknown) => this.deps.onError(err, item.subjectId)) });
  }

  /** Queues the import of the run; a server (this one, unless it is busy) imports it in the background. */
  async start(job: ReportingJob, eventTime: Date): Promise<void> {
    await this.deps.work.enqueue(RUN_IMPORT_WORK, job.datasetId, { jobId: job.id, createdBy: job.createdBy, eventTime: eventTime.toISOString() });
  }

  /** Waits for this server's background work (tests). */
  idle(): Promise<void> {
    return this.deps.work.idle();
  }

  private async claimed(item: WorkItem): Promise<void> {
    const job: ReportingJob = { id: Number(item.payload.jobId), datasetId: item.subjectId, createdBy: item.payload.createdBy == null ? null : Number(item.payload.createdBy) };
    if (item.attempts <= 1) return this.importRun(job, new Date(String(item.payload.eventTime)));
    // Claimed before by a server that died during the import.
    const ended = await this.deps.reports.finish(job.id, { status: 'FAILED', exitCode: null, message: IMPORT_INTERRUPTED }, { statuses: ['STARTED'] });
    if (!ended) return;
    const logFileId = await this.write(job.datasetId, [`Import failed: ${IMPORT_INTERRUPTED}`]);
    await this.setState(job.datasetId, 'FAILED', logFileId);
  }

  /** The import, its job's last report renewed while it works (the heartbeat monitor fails silent external jobs). */
  private importRun(job: ReportingJob, eventTime: Date): Promise<void> {
    const { repository, now } = this.deps;
    return whileRenewing(() => repository.touch(job.id, now()), this.deps.touchMs ?? 60_000, () => this.importSteps(job, eventTime));
  }

  private async importSteps(job: ReportingJob, eventTime: Date): Promise<void> {
    const { repository } = this.deps;
    const runId = job.datasetId;
    await this.setState(runId, 'STARTED', null);
    await this.write(runId, ['Import of the run started.']);
    const zipRefused = await this.expandZips(runId);
    const files = await repository.runFiles(runId);
    // Nothing of MATSim in it (zips expanded): the import fails saying what was expected (issue 24).
    const refused = zipRefused ?? (files.some((f) => isMatsimOutputName(f.name)) ? null : noMatsimOutputMessage(files.map((f) => f.name)));
    await this.write(runId, [`The run has ${files.length} file${files.length === 1 ? '' : 's'}.`]);
    const outputs = runOutputs(files);
    await this.readStats(job, 'scorestats', outputs.scorestats);
    await this.readStats(job, 'modestats', outputs.modestats);
    const log = await this.readLog(job, outputs.logfile);
    const iteration = (await repository.lastScoreIteration(runId)) ?? log?.lastIteration ?? null;
    if (iteration !== null) await this.deps.reports.progress(job, { iteration, memory: [] });
    const ended = await this.deps.reports.finish(
      job.id,
      { status: refused ? 'FAILED' : 'FINISHED', exitCode: null, message: refused },
      { statuses: ['STARTED'] },
    );
    if (!ended) return;
    const started = log?.first ?? null;
    const finished = log?.last ?? null;
    await repository.setTimes(job.id, runId, { started: new Date(started ?? eventTime.getTime()), finished: new Date(finished ?? eventTime.getTime()) });
    const logFileId = await this.write(runId, [refused ? `Import failed: ${refused}` : `Import finished${iteration === null ? '' : ` at iteration ${iteration}`}.`]);
    if (refused) await this.setState(runId, 'FAILED', logFileId);
  }

  /** The zip step; answers why a zip was refused, or null. A zip step that fails counts as a refusal. */
  private async expandZips(runId: number): Promise<string | null> {
    try {
      const result = await this.deps.expandZips(runId);
      if (result.lines.length > 0) await this.write(runId, result.lines);
      return result.refused;
    } catch (err) {
      const message = `The zip files could not be expanded: ${userMessage(err)}`;
      await this.write(runId, [message]);
      return message;
    }
  }

  private async readStats(job: ReportingJob, kind: 'scorestats' | 'modestats', file: ImportFile | null): Promise<void> {
    const runId = job.datasetId;
    if (!file) return void (await this.write(runId, [`The run has no ${kind} file: its chart stays empty.`]));
    try {
      const max = this.deps.processing.limits.smallFileMaxBytes;
      if (file.size > max) throw new Error(`it is larger than ${max} bytes`);
      await this.deps.reports.stats(job, kind, await readAll(this.deps.blobs.read(file.blobKey)));
      await this.write(runId, [`Read ${file.name} into the run's ${kind === 'scorestats' ? 'scores' : 'mode statistics'}.`]);
    } catch (err) {
      await this.write(runId, [`${file.name} could not be read: ${userMessage(err)}`]);
    }
  }

  /** The log's time stamps and last iteration; its memory lines go into the memory series. */
  private async readLog(job: ReportingJob, file: ImportFile | null) {
    const runId = job.datasetId;
    if (!file) return void (await this.write(runId, ['The run has no logfile.log: no memory chart, the import time stands for its start and end.']));
    try {
      const summary = await this.deps.processing.logSummary(storedBlob(this.deps.blobs, file.blobKey), serverWork('run-import'));
      for (let i = 0; i < summary.memory.length; i += MEMORY_CHUNK) {
        await this.deps.reports.progress(job, { memory: summary.memory.slice(i, i + MEMORY_CHUNK) });
      }
      await this.write(runId, [`Read ${file.name}: ${summary.memory.length / 3} memory reading${summary.memory.length === 3 ? '' : 's'}.`]);
      return summary;
    } catch (err) {
      await this.write(runId, [`${file.name} could not be read: ${userMessage(err)}`]);
      return undefined;
    }
  }

  private write(runId: number, lines: string[]): Promise<number> {
    return this.deps.log.append(runId, lines);
  }

  /** The run's "Post process" state while the import itself works (the output tables step takes it over). */
  private setState(runId: number, status: 'STARTED' | 'FAILED', logFileId: number | null): Promise<void> {
    const state: Record<string, unknown> = { status, updated: this.deps.now().toISOString() };
    if (logFileId !== null) state.logFileId = logFileId;
    return this.deps.datasets.patchAttributes(runId, { postProcessRun: state });
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
