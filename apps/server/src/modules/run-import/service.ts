/** Run events of imported runs (spec 3 §4 "Run import", §7): runImported starts the import post-processing. */
import { RUN_IMPORTED_TWICE, RUN_NOT_IMPORTED, type RunEventRequest } from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { badRequest, conflict } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import { isMatsimOutputName, isZipName, noMatsimOutputMessage } from './outputs.ts';
import type { RunImportProcess } from './process.ts';
import type { RunImportRepository } from './repository.ts';

export interface RunImportServiceDeps {
  repository: RunImportRepository;
  access: DatasetAccess;
  process: Pick<RunImportProcess, 'start'>;
  now: () => Date;
  events?: EventLog;
}

export class RunImportService {
  constructor(private readonly deps: RunImportServiceDeps) {}

  /**
   * runImported: the caller may edit the run; only an imported run takes it, once (409 after that — the import is
   * under way or done). The run gets its external job, STARTED, and the import works in the background.
   */
  async event(actor: Actor | null, runId: number, event: RunEventRequest): Promise<void> {
    const { user } = await this.deps.access.require(actor, runId, 'edit');
    // Files without any MATSim output are refused here. What zips hold is known once they are expanded, and a run
    // without files ends FAILED with the same message (process.ts; docs/decisions.md "Issue 24 — junk run import").
    const names = (await this.deps.repository.runFiles(runId)).map((f) => f.name);
    if (names.length > 0 && !names.some((name) => isMatsimOutputName(name) || isZipName(name))) throw badRequest(noMatsimOutputMessage(names));
    const now = this.deps.now();
    const started = await this.deps.repository.start(runId, user.userId, { ...event.data, ...(event.timestamp === undefined ? {} : { clientTimestamp: event.timestamp }) }, now);
    if ('refused' in started) throw conflict(started.refused === 'not-imported' ? RUN_NOT_IMPORTED : RUN_IMPORTED_TWICE);
    (this.deps.events ?? NO_EVENTS).info({ event: 'run.import-started', runId, jobId: started.jobId, files: names.length, ...actedBy(user) }, 'run import started');
    await this.deps.process.start({ id: started.jobId, datasetId: runId, createdBy: user.userId }, now);
  }
}
