/** Runs in the contract's shapes: the list entry, and the run sub-object of the run page. */
import { crsName } from '@corridor/geo';
import { JobStatus, runOriginOf, type PostProcess, type RunScenario, type RunState, type RunSummary, type RunWaiting, type SystemFile } from '@corridor/contract';
import type { DatasetRow } from '../datasets/repository.ts';
import type { JobRow, RunEventRow, ScenarioOfRun, SystemFileRow } from './repository.ts';

export function toRunScenario(scenario: ScenarioOfRun | undefined): RunScenario | null {
  return scenario ? { id: scenario.id, key: scenario.key, name: scenario.name, groupName: scenario.groupName } : null;
}

export function toRunSummary(run: DatasetRow, job: JobRow | undefined, scenario: ScenarioOfRun | undefined, labels: string[] = []): RunSummary {
  return {
    id: run.id,
    key: run.key,
    name: run.name,
    description: run.description,
    status: statusOf(job),
    created: run.created.toISOString(),
    groupId: run.groupId,
    groupName: run.groupName,
    scenario: toRunScenario(scenario),
    labels,
    origin: runOriginOf(run.attributes.__imported, job?.external ?? false),
  };
}

export function toRunState(run: DatasetRow, job: JobRow | undefined, events: RunEventRow[], waitingFor: RunWaiting | null = null): RunState {
  return {
    status: statusOf(job),
    currentIteration: job?.currentIteration ?? -1,
    timestamp: (job?.lastUpdated ?? run.modified).toISOString(),
    external: run.attributes.__imported === true || job === undefined || job.external,
    events: events.map((e) => ({ type: e.type, status: e.status, timestamp: e.timestamp.toISOString() })),
    postProcessRun: postProcessRun(run.attributes.postProcessRun),
    postProcessNetwork: postProcessNetwork(run.attributes.networkPostProcessingJob),
    postProcessVehicles: postProcessVehicles(run.attributes.postProcessVehicles),
    message: job?.message ?? null,
    exitCode: job?.exitCode ?? null,
    waitingFor,
  };
}

/** The display name of the run's coordinate system (attribute __crs); the code itself when it is not known. */
export function crsDisplayName(attributes: Record<string, unknown>): string | null {
  const code = attributes.__crs;
  if (typeof code !== 'string' || code.trim() === '') return null;
  return crsName(code) ?? code;
}

export function toSystemFile(row: SystemFileRow): SystemFile {
  return { id: row.id, type: row.type, name: row.name, size: row.size, modified: row.modified.toISOString() };
}

function statusOf(job: JobRow | undefined): JobStatus | null {
  const parsed = JobStatus.safeParse(job?.status);
  return parsed.success ? parsed.data : null;
}

/** Attribute postProcessRun {status, updated, logFileId?}. */
function postProcessRun(value: unknown): PostProcess | null {
  const step = record(value);
  const status = JobStatus.safeParse(step?.status);
  if (!step || !status.success) return null;
  return { status: status.data, logFileId: integerOrNull(step.logFileId), fileId: null, logFile: null, message: null };
}

/**
 * Attribute postProcessVehicles {status, updated, message, logFileId?} (visualizer/prepare.ts); its lines are in the
 * run post-processing log. NONE (the run has no events) is a finished step with its message.
 */
function postProcessVehicles(value: unknown): PostProcess | null {
  const step = record(value);
  const status = step?.status === 'NONE' ? 'FINISHED' : JobStatus.safeParse(step?.status).data;
  if (!step || !status) return null;
  const message = typeof step.message === 'string' ? step.message : null;
  return { status, logFileId: integerOrNull(step.logFileId), fileId: null, logFile: null, message };
}

/** Attribute networkPostProcessingJob {status, fileId, updated, message?, logFile?}. */
function postProcessNetwork(value: unknown): PostProcess | null {
  const step = record(value);
  const status = JobStatus.safeParse(step?.status);
  if (!step || !status.success) return null;
  const logFile = typeof step.logFile === 'string' ? step.logFile : null;
  return { status: status.data, logFileId: null, fileId: integerOrNull(step.fileId), logFile, message: typeof step.message === 'string' ? step.message : null };
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function integerOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}
