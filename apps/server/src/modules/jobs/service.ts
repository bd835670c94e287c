/**
 * Scheduling runs and reading/cancelling jobs (spec 1 §2.15, §5.2, §7.4; spec 3 §2.12, §4). A schedule creates the
 * run dataset and its CREATED job; runners take it from there (modules/runner-protocol).
 */
import {
  ACTIVE_JOB_STATUSES,
  EXTERNAL_RUN_NOT_STOPPABLE,
  jobPathsProblem,
  Modification,
  NAME_MAX,
  REQUIRED_FILE_ROLES,
  RUN_AGAIN_MESSAGES,
  SCHEDULE_MESSAGES,
  ramInGb,
  type CreateJobRequest,
  type Job,
  type JobStatus,
} from '@corridor/contract';
import { isAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import { removeBlobs, type BlobStore } from '../../storage/blob-store.ts';
import type { LogStore } from '../../storage/log-store.ts';
import { viewerOf, type DatasetAccess } from '../datasets/access.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import { TEAM_NOT_FOUND } from '../datasets/service.ts';
import type { JobLifecycle } from '../runner-protocol/lifecycle.ts';
import { ChangesetNotApplicable, type ChosenChangeset } from './apply-changesets.ts';
import { NO_TRANSIT_SCHEDULE, type ChangedFile, type ScenarioApplyResult } from './apply-transit.ts';
import { applyToFiles } from './changeset-files.ts';
import { askedBy, storedBlob, type Processing } from '../../workers/processing.ts';
import { TooLargeToProcessError, tooLargeAnswer } from '../../workers/errors.ts';
import { configOverrides } from '@corridor/engine';
import { MatsimFormatError, setParam, unknownConfigParams, unknownParamsRefusal } from '@corridor/matsim';
import { toJob } from './present.ts';
import type { DerivedFile, JobsRepository, TemplateRow } from './repository.ts';
import { runKeyBase, withFreeKey } from './run-key.ts';

export const REQUIRED_FILES = 'Please assign a config, network and population file.';
export const FILE_NOT_IN_SCENARIO = (name: string) => `The file "${name}" is not part of the scenario.`;
export const ONE_FILE_PER_ROLE = (role: string) => `Please assign only one ${role} file.`;
export const CHANGESET_NOT_IN_SCENARIO = 'A chosen changeset does not belong to the scenario.';
export const NOT_A_SCENARIO = 'Runs can only be scheduled from scenarios.';
export const NOT_A_MEMBER = 'You are not a member of this team.';
export const JOB_NOT_FOUND = 'The job could not be found.';
export const RUN_NOT_ACTIVE = 'The run is not active.';
export const RUN_NOT_FOUND = 'The run could not be found.';
export const RUN_WITHOUT_JOB = 'This run was not executed by a runner; there is nothing to stop.';
export const JOB_LIST_LIMIT = 500;
export const LOG_NAME = 'stdout.log';

export interface JobsServiceDeps {
  jobs: JobsRepository;
  datasets: DatasetsRepository;
  access: DatasetAccess;
  lifecycle: JobLifecycle;
  logs: LogStore;
  blobs: BlobStore;
  /** Reads and rewrites a run's network off the event loop (changesets). */
  processing: Processing;
  onBlobLeak: (key: string, err: unknown) => void;
  now: () => Date;
  /** The server log's lifecycle lines (issue 26). */
  events?: EventLog;
}

/** What a run records about the changesets applied to its inputs (run attribute `__changesets`). */
export interface AppliedChangeset {
  id: number;
  name: string;
  modifications: number;
  /** The input files (by role) the changeset changed (issue 28). */
  files?: ChangedFile[];
}

export class JobsService {
  constructor(private readonly deps: JobsServiceDeps) {}

  private get events(): EventLog {
    return this.deps.events ?? NO_EVENTS;
  }

  async schedule(actor: Actor | null, input: CreateJobRequest): Promise<{ id: number; datasetId: number; key: string }> {
    const user = requireUser(actor);
    // Jobs stay in their folder: the runner checks the same again before it starts the job.
    const pathProblem = jobPathsProblem(input);
    if (pathProblem) throw badRequest(pathProblem);
    const { jobs, datasets, access } = this.deps;
    const { dataset: scenario } = await access.require(user, input.scenarioId, 'read');
    if (scenario.type !== 'scenario') throw badRequest(NOT_A_SCENARIO);
    const group = await datasets.findGroup(input.group);
    if (!group) throw notFound(TEAM_NOT_FOUND);
    if (!isAdmin(user) && !(await datasets.isMember(group.id, user.userId))) throw forbidden(NOT_A_MEMBER);

    const inScenario = await jobs.filesOfDataset(scenario.id, input.files.map((f) => f.file));
    const foreign = input.files.find((f) => !inScenario.has(f.file));
    if (foreign) throw badRequest(FILE_NOT_IN_SCENARIO(foreign.name));
    if (!REQUIRED_FILE_ROLES.every((role) => input.files.some((f) => f.role === role))) throw badRequest(REQUIRED_FILES);
    const doubled = input.files.find((f, i) => f.role !== 'input' && input.files.findIndex((g) => g.role === f.role) !== i);
    if (doubled) throw badRequest(ONE_FILE_PER_ROLE(doubled.role));

    const template = await this.templateFor(input.jobTemplate, scenario.attributes.__jobType);
    if (!template) throw badRequest(SCHEDULE_MESSAGES.jobType);
    if (template.command.includes('$ENGINE')) await this.refuseUnknownParams(input, user.userId);
    const changesetIds = input.changesets.map((c) => c.id);
    const owned = await jobs.changesetsOf(scenario.id, changesetIds);
    if (changesetIds.some((id) => !owned.has(id))) throw badRequest(CHANGESET_NOT_IN_SCENARIO);

    const chosen = (await jobs.changesetsInOrder(scenario.id, changesetIds)).map((c) => ({ ...c, modifications: Modification.array().parse(c.modifications) }));
    const applied: AppliedChangeset[] = chosen.map((c) => ({ id: c.id, name: c.name, modifications: c.modifications.length }));
    const derived = chosen.length > 0 ? await this.inputsWithChangesets(input, chosen, applied, scenario.attributes.__crs, user.userId) : [];

    const now = this.deps.now();
    // The log exists before the transaction (no file I/O while it is open) and starts with who scheduled the run.
    const dropDerived = () => removeBlobs(this.deps.blobs, derived.map((d) => d.file.blobKey), this.deps.onBlobLeak);
    const logKey = await this.deps.logs.create().catch(async (err: unknown) => {
      await dropDerived();
      throw err;
    });
    try {
      const size = await this.deps.logs.append(logKey, `Run scheduled by ${user.username} at ${now.toISOString()}; waiting for a runner.\n`);
      const base = runKeyBase(input.matsimRunId);
      return await withFreeKey(base, () => datasets.keysLike(group.id, 'run', base), async (key) => {
        const { runId, jobId } = await jobs.createRun(
          {
            groupId: group.id,
            key,
            name: input.name,
            description: input.description,
            attributes: {
              ...(scenario.attributes.__crs ? { __crs: scenario.attributes.__crs } : {}),
              __jobType: template.id,
              ...(applied.length > 0 ? { __changesets: applied } : {}),
            },
            createdBy: user.userId,
            scenarioId: scenario.id,
          },
          {
            templateId: template.id,
            command: template.command,
            parameters: {
              memory: input.memory,
              changesets: input.changesets.map((c) => ({ id: c.id })),
              programArgs: input.programArgs,
              matsimRunId: input.matsimRunId,
              // The inputs by name, so that "Run again" can name one deleted since (its job_files row goes with it).
              inputs: input.files.map((f) => ({ role: f.role, name: f.name })),
            },
            ramInGb: Math.max(1, Math.ceil(input.resourceRequirements?.ramInGb ?? ramInGb(input.memory))),
            cpuCores: input.resourceRequirements?.cpuCores ?? 1,
            files: input.files.map((f) => ({ fileId: f.file, role: f.role, name: f.name })),
            derived,
            now,
          },
          { name: LOG_NAME, blobKey: logKey, size },
        );
        this.events.info({ event: 'run.scheduled', runId, jobId, scenarioId: scenario.id, groupId: group.id, jobTemplateId: input.jobTemplate ?? null, ...actedBy(user) }, 'a run was scheduled');
        return { id: jobId, datasetId: runId, key };
      });
    } catch (err) {
      await this.deps.logs.delete(logKey).catch(() => undefined);
      await dropDerived();
      throw err;
    }
  }

  /**
   * "Run again" (issue 26): a new run of the same group with the inputs the run's job used (the network with its
   * changesets applied as it was made then), its program arguments, memory, resources, template and command, linked
   * to the old run (relation run-again). Who may schedule in the run's group may do it; a run that was not executed
   * by a runner here (imported, external) cannot; nor one whose input file was deleted since (named in the answer).
   */
  async runAgain(actor: Actor | null, runId: number): Promise<{ id: number; datasetId: number; key: string }> {
    const { user, dataset: old } = await this.deps.access.require(actor, runId, 'read');
    if (old.type !== 'run') throw notFound(RUN_NOT_FOUND);
    const { jobs, datasets } = this.deps;
    if (!isAdmin(user) && !(await datasets.isMember(old.groupId, user.userId))) throw forbidden(NOT_A_MEMBER);
    const source = await jobs.runAgainSource(old.id);
    if (!source || source.external || old.attributes.__imported === true) throw conflict(RUN_AGAIN_MESSAGES.notHere);
    const recorded = Array.isArray(source.parameters.inputs) ? (source.parameters.inputs as { role?: unknown; name?: unknown }[]) : [];
    const gone = recorded.find((f) => !source.files.some((g) => g.role === f.role && g.name === f.name));
    if (gone) throw conflict(RUN_AGAIN_MESSAGES.fileDeleted(String(gone.name)));
    const missingRole = REQUIRED_FILE_ROLES.find((role) => !source.files.some((f) => f.role === role));
    if (missingRole) throw conflict(RUN_AGAIN_MESSAGES.roleDeleted(missingRole));

    const name = await this.againName(old.groupId, old.name);
    const now = this.deps.now();
    const logKey = await this.deps.logs.create();
    try {
      const size = await this.deps.logs.append(logKey, `Run scheduled by ${user.username} at ${now.toISOString()} as a run again of "${old.name}"; waiting for a runner.\n`);
      const base = runKeyBase(String(source.parameters.matsimRunId ?? old.key));
      const { __crs, __jobType, __changesets } = old.attributes;
      return await withFreeKey(base, () => datasets.keysLike(old.groupId, 'run', base), async (key) => {
        const { runId: datasetId, jobId } = await jobs.createRun(
          {
            groupId: old.groupId,
            key,
            name,
            description: old.description,
            attributes: {
              ...(__crs !== undefined ? { __crs } : {}),
              ...(__jobType !== undefined ? { __jobType } : {}),
              ...(__changesets !== undefined ? { __changesets } : {}),
            },
            createdBy: user.userId,
            scenarioId: source.scenarioId,
            againOf: old.id,
          },
          {
            templateId: source.templateId,
            command: source.command,
            parameters: source.parameters,
            ramInGb: source.ramInGb,
            cpuCores: source.cpuCores,
            files: source.files,
            now,
          },
          { name: LOG_NAME, blobKey: logKey, size },
        );
        this.events.info({ event: 'run.scheduled', runId: datasetId, jobId, againOf: old.id, groupId: old.groupId, jobTemplateId: source.templateId, ...actedBy(user) }, 'a run was scheduled again');
        return { id: jobId, datasetId, key };
      });
    } catch (err) {
      await this.deps.logs.delete(logKey).catch(() => undefined);
      throw err;
    }
  }

  /** "<name> #2", "#3", …: the old name without its number, and the first number no run of the group has. */
  private async againName(groupId: number, oldName: string): Promise<string> {
    const match = /^(.*) #(\d+)$/.exec(oldName);
    const stem = (match ? match[1]! : oldName).slice(0, NAME_MAX - 8);
    const taken = await this.deps.jobs.runNamesLike(groupId, `${stem} #`);
    let n = match ? Number(match[2]) + 1 : 2;
    while (taken.has(`${stem} #${n}`)) n++;
    return `${stem} #${n}`;
  }

  async get(actor: Actor | null, id: number): Promise<Job> {
    const user = requireUser(actor);
    const row = await this.deps.jobs.find(id, viewerOf(user));
    if (!row) throw notFound(JOB_NOT_FOUND);
    return toJob(row);
  }

  async list(actor: Actor | null): Promise<Job[]> {
    const user = requireUser(actor);
    return (await this.deps.jobs.list(viewerOf(user), JOB_LIST_LIMIT)).map(toJob);
  }

  /** Cancels the job: a queued one ends CANCELLED now; a claimed one is marked and its runner stops it. */
  async cancel(actor: Actor | null, id: number): Promise<void> {
    const user = requireUser(actor);
    const row = await this.deps.jobs.find(id, viewerOf(user));
    if (!row || row.datasetId === null) throw notFound(JOB_NOT_FOUND);
    await this.deps.access.require(user, row.datasetId, 'edit');
    await this.cancelJob(user, row);
  }

  /** Cancels the run's newest job. */
  async cancelRun(actor: Actor | null, datasetId: number): Promise<void> {
    const { user, dataset } = await this.deps.access.require(actor, datasetId, 'edit');
    const job = dataset.type === 'run' ? await this.deps.jobs.latestJobOf(datasetId) : null;
    if (job === null) throw conflict(RUN_WITHOUT_JOB);
    await this.cancelJob(user, job);
  }

  private async cancelJob(user: Actor, job: { id: number; status: string; external: boolean }): Promise<void> {
    // A run executing outside Corridor has no runner here to stop it.
    if (job.external) throw conflict(ACTIVE_JOB_STATUSES.includes(job.status as JobStatus) ? EXTERNAL_RUN_NOT_STOPPABLE : RUN_NOT_ACTIVE);
    const jobId = job.id;
    const message = `Cancelled by ${user.username}.`;
    // Whichever applies: a queued job ends at once, a claimed one is marked for its runner.
    if (await this.deps.lifecycle.finish(jobId, { status: 'CANCELLED', exitCode: null, message }, { statuses: ['CREATED'] })) return;
    if (await this.deps.jobs.requestCancel(jobId, this.deps.now())) {
      this.events.info({ event: 'run.cancel-requested', jobId, ...actedBy(user) }, "a run's cancel was sent to its runner");
      return;
    }
    throw conflict(RUN_NOT_ACTIVE);
  }

  /**
   * Copies of the chosen network and transit schedule files with the changesets applied in order, one stored blob
   * per file they change (the scenario's files are never changed), each recording the changesets it holds; `applied`
   * learns per changeset which files it changed. A modification that cannot apply answers 400 with its reason.
   */
  private async inputsWithChangesets(input: CreateJobRequest, chosen: ChosenChangeset[], applied: AppliedChangeset[], crs: unknown, userId: number): Promise<DerivedFile[]> {
    const rows = new Map<string, { chosen: CreateJobRequest['files'][number]; file: NonNullable<Awaited<ReturnType<JobsRepository['fileBlob']>>> }>();
    for (const role of ['network', 'transitschedule']) {
      const chosenFile = input.files.find((f) => f.role === role);
      if (!chosenFile) continue;
      const file = await this.deps.jobs.fileBlob(chosenFile.file);
      if (!file) throw badRequest(FILE_NOT_IN_SCENARIO(chosenFile.name));
      rows.set(role, { chosen: chosenFile, file });
    }
    const network = rows.get('network')!;
    const schedule = rows.get('transitschedule');
    let result: ScenarioApplyResult;
    try {
      result = await applyToFiles(
        this.deps,
        { network: { ...network.file, name: network.chosen.name }, ...(schedule ? { schedule: { ...schedule.file, name: schedule.chosen.name } } : {}), changesets: chosen, crs, noSchedule: NO_TRANSIT_SCHEDULE },
        askedBy({ userId }),
      );
    } catch (err) {
      if (err instanceof ChangesetNotApplicable) throw badRequest(err.message);
      if (err instanceof MatsimFormatError) throw badRequest(`The network ${network.chosen.name} could not be read: ${err.message}`);
      throw tooLargeAnswer(err);
    }
    result.changed.forEach((files, index) => (applied[index]!.files = files));
    const made: { role: string; bytes: Uint8Array; tag: string | null }[] = [];
    if (result.network) made.push({ role: 'network', bytes: result.network, tag: 'network_v2' });
    if (result.schedule && schedule) made.push({ role: 'transitschedule', bytes: result.schedule, tag: 'transitSchedule_v2' });
    const derived: DerivedFile[] = [];
    try {
      for (const { role, bytes, tag } of made) {
        const { chosen: chosenFile, file } = rows.get(role)!;
        const stored = await this.deps.blobs.put([bytes]);
        derived.push({ role, file: { name: chosenFile.name, size: stored.size, blobKey: stored.key, tag, attributes: { ...file.attributes, changesets: applied, basedOn: chosenFile.file }, createdBy: userId } });
      }
    } catch (err) {
      await removeBlobs(this.deps.blobs, derived.map((d) => d.file.blobKey), this.deps.onBlobLeak);
      throw err;
    }
    return derived;
  }

  /**
   * The built-in engine refuses params MATSim's core modules do not know (as MATSim does at start-up); the schedule
   * says so at once, naming module, param and the nearest known name, instead of a run that fails in the queue.
   * The config's `--config:` program arguments count as well. A config that does not read is left to the engine.
   */
  private async refuseUnknownParams(input: CreateJobRequest, userId: number): Promise<void> {
    const chosen = input.files.find((f) => f.role === 'config')!;
    const file = await this.deps.jobs.fileBlob(chosen.file);
    if (!file) throw badRequest(FILE_NOT_IN_SCENARIO(chosen.name));
    let config;
    try {
      config = await this.deps.processing.config(storedBlob(this.deps.blobs, file.blobKey), askedBy({ userId }));
    } catch (err) {
      if (err instanceof MatsimFormatError || err instanceof TooLargeToProcessError) return;
      throw err;
    }
    const args = input.programArgs.split(/\s+/).filter((word) => word !== '');
    const withArgs = configOverrides(args).reduce((result, { module, param, value }) => setParam(result, module, param, value), config);
    const unknown = unknownConfigParams(withArgs);
    if (unknown.length > 0) throw badRequest(unknownParamsRefusal(unknown, chosen.name));
  }

  /** The job template: the one asked for, else the scenario's job type, else the default, else the first. */
  private async templateFor(requested: number | undefined, jobType: unknown): Promise<TemplateRow | null> {
    const { jobs } = this.deps;
    if (requested !== undefined) return jobs.template(requested);
    const scenarioType = typeof jobType === 'number' ? jobType : typeof jobType === 'string' && /^\d+$/.test(jobType) ? Number(jobType) : null;
    const fromScenario = scenarioType === null ? null : await jobs.template(scenarioType);
    if (fromScenario) return fromScenario;
    const defaultId = await jobs.defaultTemplateId();
    return (defaultId === null ? null : await jobs.template(defaultId)) ?? jobs.firstTemplate();
  }
}
