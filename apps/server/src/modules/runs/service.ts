/**
 * Runs (datasets of type run, spec 1 §2.16–2.17): the list, the run page's data, and deletion with its preview.
 * Access is the datasets' (modules/datasets/access.ts): read to see, manage to delete; anyone else gets 404.
 */
import {
  ACTIVE_JOB_STATUSES,
  distinctLabels,
  RUN_DELETE_ACTIVE,
  type JobStatus,
  type RunDeletionPreview,
  type RunDetails,
  type RunSummary,
  type RunWaiting,
} from '@corridor/contract';
import { requireUser, type Actor } from '../../shared/access.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import type { LogStore } from '../../storage/log-store.ts';
import { DATASET_NOT_FOUND, viewerOf, type DatasetAccess, type DatasetRight, type Permitted } from '../datasets/access.ts';
import { toDataset } from '../datasets/present.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { DatasetsService } from '../datasets/service.ts';
import { toFileEntry } from '../files/present.ts';
import type { FilesRepository } from '../files/repository.ts';
import { crsDisplayName, toRunScenario, toRunState, toRunSummary } from './present.ts';
import type { JobRow, RunsRepository } from './repository.ts';
import { waitingFor } from './waiting.ts';

export const GROUP_NOT_FOUND = 'Group not found.';

export interface RunsServiceDeps {
  runs: RunsRepository;
  datasets: DatasetsRepository;
  datasetsService: DatasetsService;
  files: FilesRepository;
  access: DatasetAccess;
  logs: LogStore;
  /** A log that could not be removed stays on disk; it is only logged. */
  onLogLeak: (key: string, err: unknown) => void;
  now: () => Date;
  /** Runners silent for longer are not connected (config RUNNER_HEARTBEAT_TIMEOUT_MS). */
  heartbeatTimeoutMs: number;
}

export class RunsService {
  constructor(private readonly deps: RunsServiceDeps) {}

  /**
   * The caller's runs (all their groups, or one), newest first. One group's runs are its members' (and
   * administrators'): anyone else gets 404, as for a group that does not exist (issue 26, the team's run list).
   */
  async list(actor: Actor | null, groupId?: number): Promise<RunSummary[]> {
    const user = requireUser(actor);
    const viewer = viewerOf(user);
    if (groupId !== undefined && !viewer.admin && !(await this.deps.datasets.isMember(groupId, user.userId))) throw notFound(GROUP_NOT_FOUND);
    const rows = await this.deps.datasets.listVisible(viewer, 'run', groupId);
    const ids = rows.map((r) => r.id);
    const { runs } = this.deps;
    const [jobs, scenarios, labels] = await Promise.all([runs.latestJobs(ids), runs.scenarios(ids, viewer), runs.labels(ids)]);
    return rows.map((row) => toRunSummary(row, jobs.get(row.id), scenarios.get(row.id), labels.get(row.id)));
  }

  async get(actor: Actor | null, id: number): Promise<RunDetails> {
    const { dataset, viewer } = await this.requireRun(actor, id, 'read');
    const { runs, files } = this.deps;
    const [jobs, scenarios, events, fileRows, labels, again, member] = await Promise.all([
      runs.latestJobs([id]),
      runs.scenarios([id], viewer),
      runs.events(id),
      files.listForDataset(id, viewer),
      runs.labels([id]),
      runs.againLinks(id, viewer),
      viewer.admin || this.deps.datasets.isMember(dataset.groupId, viewer.userId),
    ]);
    const job = jobs.get(id);
    const scenario = toRunScenario(scenarios.get(id));
    const run = toRunState(dataset, job, events, await this.waitingFor(job));
    return {
      ...toDataset(dataset, fileRows.map(toFileEntry)),
      status: run.status,
      scenarioId: scenario?.id ?? null,
      scenario,
      crsDisplayName: crsDisplayName(dataset.attributes),
      jobId: job?.id ?? null,
      run,
      labels: labels.get(id) ?? [],
      runnerName: job?.runnerName ?? null,
      againOf: again.of,
      againRuns: again.again,
      // As POST /datasets/runs/{id}/again decides: who may schedule in the group, for a run a runner here executed.
      mayRunAgain: member && job !== undefined && !job.external && dataset.attributes.__imported !== true,
    };
  }

  /** Replaces the run's labels (edit right): trimmed, repeats ignoring case dropped; answers what is stored. */
  async setLabels(actor: Actor | null, id: number, labels: string[]): Promise<string[]> {
    await this.requireRun(actor, id, 'edit');
    const distinct = distinctLabels(labels);
    await this.deps.runs.setLabels(id, distinct);
    return distinct;
  }

  /** What a CREATED job waits for, compared with the runners connected now; null for any other job. */
  private async waitingFor(job: JobRow | undefined): Promise<RunWaiting | null> {
    if (job?.status !== 'CREATED') return null;
    const since = new Date(this.deps.now().getTime() - this.deps.heartbeatTimeoutMs);
    return waitingFor(job, await this.deps.runs.connectedRunners(since));
  }

  /** What deleting the run removes and what it keeps because other datasets use it. */
  async deletionPreview(actor: Actor | null, id: number): Promise<RunDeletionPreview> {
    const { viewer } = await this.requireRun(actor, id, 'read');
    const { runs, files } = this.deps;
    const [jobs, fileRows, shared, seriesCount, tables, imported] = await Promise.all([
      runs.latestJobs([id]),
      files.listForDataset(id, viewer),
      runs.sharedFileIds(id),
      runs.seriesCount(id),
      runs.seriesTables([id]),
      runs.importedTables(id),
    ]);
    const job = jobs.get(id);
    return {
      started: job?.started?.toISOString() ?? null,
      finished: job?.finished?.toISOString() ?? null,
      deleted: fileRows.filter((f) => !shared.has(f.id)).map((f) => ({ id: f.id, name: f.name, size: f.size })),
      kept: fileRows
        .filter((f) => shared.has(f.id))
        .map((f) => ({ id: f.id, name: f.name, usages: f.usages.filter((u) => u.id !== id) })),
      seriesCount,
      tables: [...tables.map((t) => t.table), ...imported],
      active: isActive(job),
    };
  }

  /** Deletes a run that is not active: its dataset, the files no one else uses, its series and its logs. */
  async delete(actor: Actor | null, id: number): Promise<void> {
    await this.requireRun(actor, id, 'manage');
    const jobs = await this.deps.runs.latestJobs([id]);
    if (isActive(jobs.get(id))) throw conflict(RUN_DELETE_ACTIVE);
    const logKeys = await this.deps.runs.logKeys(id);
    await this.deps.datasetsService.delete(actor, id);
    for (const key of logKeys) {
      try {
        await this.deps.logs.delete(key);
      } catch (err) {
        this.deps.onLogLeak(key, err);
      }
    }
  }

  /** The run with the caller's right to it; a scenario id answers 404 like a run the caller cannot see. */
  async requireRun(actor: Actor | null, id: number, right: DatasetRight): Promise<Permitted> {
    const permitted = await this.deps.access.require(actor, id, right);
    if (permitted.dataset.type !== 'run') throw notFound(DATASET_NOT_FOUND);
    return permitted;
  }
}

function isActive(job: JobRow | undefined): boolean {
  return job !== undefined && ACTIVE_JOB_STATUSES.includes(job.status as JobStatus);
}
