/**
 * Live external runs (issue 17; contract external-runs.ts): a signed-in user (session or API key) creates a run that
 * executes outside Corridor and reports to it while it runs. The run is a run dataset with a job row external=true,
 * STARTED from the start; nothing claims it and nothing can stop it from here. Its reports go through the same
 * JobReports as a runner's, and its end through the JobLifecycle, so post-processing is that of a scheduled run.
 * Who may report: whoever may edit the run (its creator, members of its group, administrators); others get 404.
 */
import {
  EXTERNAL_RUN_ENDED,
  NOT_EXTERNAL_RUN,
  type CreateExternalRunRequest,
  type ExternalRunCreated,
  type ExternalRunFinish,
  type JobProgress,
} from '@corridor/contract';
import { isAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import { whileRenewing } from '../../shared/keep-alive.ts';
import type { ByteSource } from '../../storage/blob-store.ts';
import type { LogStore } from '../../storage/log-store.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import { TEAM_NOT_FOUND } from '../datasets/service.ts';
import type { JobsRepository } from '../jobs/repository.ts';
import { runKeyBase, withFreeKey } from '../jobs/run-key.ts';
import { LOG_NAME, NOT_A_MEMBER, NOT_A_SCENARIO } from '../jobs/service.ts';
import type { JobReports, ReportingJob } from '../runner-protocol/job-reports.ts';
import { outputName } from '../runner-protocol/service.ts';
import type { ExternalRunsRepository, GroupChoice } from './repository.ts';

export interface ExternalRunsDeps {
  repository: ExternalRunsRepository;
  jobs: JobsRepository;
  datasets: DatasetsRepository;
  access: DatasetAccess;
  reports: JobReports;
  logs: LogStore;
  now: () => Date;
  /** How often a streaming report (an output upload) renews the run's last report while its body arrives; default 60 s. */
  keepAliveMs?: number;
  events?: EventLog;
}

/** Well below the monitor's EXTERNAL_TIMEOUT_MS (10 min). */
const KEEP_ALIVE_MS = 60_000;

type CreateInput = CreateExternalRunRequest & { name: string; description: string };

export class ExternalRunsService {
  constructor(private readonly deps: ExternalRunsDeps) {}

  async create(actor: Actor | null, input: CreateInput): Promise<ExternalRunCreated> {
    const user = requireUser(actor);
    const { repository, datasets, access, logs } = this.deps;
    const choice: GroupChoice = input.groupId !== undefined ? { groupId: input.groupId } : input.group !== undefined ? { name: input.group } : { personalOf: user.userId };
    const group = await repository.findGroup(choice);
    if (!group) throw notFound(TEAM_NOT_FOUND);
    if (!isAdmin(user) && !(await datasets.isMember(group.id, user.userId))) throw forbidden(NOT_A_MEMBER);
    const scenario = input.scenarioId === undefined ? null : (await access.require(user, input.scenarioId, 'edit')).dataset;
    if (scenario && scenario.type !== 'scenario') throw badRequest(NOT_A_SCENARIO);

    const now = this.deps.now();
    const via = user.via === 'apikey' ? 'with an API key' : 'from a signed-in session';
    const logKey = await logs.create();
    try {
      const size = await logs.append(logKey, `External run reported by ${user.username} (${via}) since ${now.toISOString()}.\n`);
      const base = runKeyBase(input.name);
      const { runId, jobId } = await withFreeKey(base, () => datasets.keysLike(group.id, 'run', base), (key) =>
        this.deps.jobs.createRun(
          {
            groupId: group.id,
            key,
            name: input.name,
            description: input.description,
            attributes: scenario?.attributes.__crs ? { __crs: scenario.attributes.__crs } : {},
            createdBy: user.userId,
            scenarioId: scenario?.id ?? null,
          },
          { templateId: null, command: '', parameters: {}, ramInGb: 1, cpuCores: 1, files: [], external: true, now },
          { name: LOG_NAME, blobKey: logKey, size },
        ),
      );
      (this.deps.events ?? NO_EVENTS).info({ event: 'run.external-created', runId, jobId, groupId: group.id, scenarioId: scenario?.id ?? null, ...actedBy(user) }, 'external run created');
      return { id: runId, jobId, url: `/${encodeURIComponent(group.name)}/runs/${runId}` };
    } catch (err) {
      await logs.delete(logKey).catch(() => undefined);
      throw err;
    }
  }

  async log(actor: Actor | null, runId: number, chunk: Buffer): Promise<void> {
    await this.deps.reports.log(await this.reporting(actor, runId), chunk);
  }

  async progress(actor: Actor | null, runId: number, progress: JobProgress): Promise<void> {
    await this.deps.reports.progress(await this.reporting(actor, runId), progress);
  }

  async stats(actor: Actor | null, runId: number, name: 'scorestats' | 'modestats', csv: Buffer): Promise<void> {
    await this.deps.reports.stats(await this.reporting(actor, runId), name, csv);
  }

  async output(actor: Actor | null, runId: number, rawPath: string, body: ByteSource): Promise<{ fileId: number }> {
    const job = await this.reporting(actor, runId);
    // One large upload may take longer than the monitor's timeout, and the client's other reports wait behind it.
    const renew = () => this.deps.repository.touch(job.id, this.deps.now());
    return whileRenewing(renew, this.deps.keepAliveMs ?? KEEP_ALIVE_MS, () => this.deps.reports.output(job, outputName(rawPath), body));
  }

  async finish(actor: Actor | null, runId: number, finish: ExternalRunFinish): Promise<void> {
    const job = await this.reporting(actor, runId);
    const ended = await this.deps.reports.finish(job.id, { status: finish.status, exitCode: null, message: finish.message ?? null }, {});
    if (!ended) throw conflict(EXTERNAL_RUN_ENDED);
  }

  /** The run's active external job, if the caller may edit the run; the report counts as a sign of life. */
  private async reporting(actor: Actor | null, runId: number): Promise<ReportingJob> {
    const { dataset } = await this.deps.access.require(actor, runId, 'edit');
    const job = dataset.type === 'run' ? await this.deps.repository.latestJob(runId) : null;
    if (!job?.external) throw conflict(NOT_EXTERNAL_RUN);
    if (job.status !== 'STARTED' && job.status !== 'SUBMITTED') throw conflict(EXTERNAL_RUN_ENDED);
    await this.deps.repository.touch(job.id, this.deps.now());
    return job;
  }
}
