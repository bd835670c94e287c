/**
 * The schedule-run form's pure rules (spec 1 §2.15, §5.2, §7.4, §9): prefill from the scenario, its last job and
 * run count; file preselection by data-type tag; validation; the POST /jobs/jobs payload.
 */
import {
  type CreateJobRequest,
  type Dataset,
  DEFAULT_CPU_CORES,
  DEFAULT_MEMORY,
  type FileRole,
  type Job,
  JobParameters,
  type JobTemplatesAnswer,
  matsimRunIdProblem,
  MEMORY_PATTERN,
  programArgsProblems,
  proposedRun,
  ramInGb,
  type Relation,
  REQUIRED_FILE_ROLES,
} from '@corridor/contract';
import { preselectFiles, SINGLE_ROLES, type SingleRole } from '../../components/fileRoles.ts';

export interface ScheduleValues {
  name: string;
  runId: string;
  description: string;
  memory: string;
  /** A job template id as the select holds it. */
  jobType: string | null;
  programArgs: string;
  /** File ids as the selects hold them. */
  files: Record<SingleRole, string | null>;
  inputs: string[];
  changesets: string[];
}

/** The scenario's runs: how many there are and the newest one's job (highest job id). */
export function scenarioRunInfo(relations: readonly Relation[]): { count: number; lastJobId: number | null } {
  const runs = relations.filter((relation) => relation.type === 'scenario-run');
  const jobs = runs.map((relation) => relation.fkJob).filter((id): id is number => id !== null);
  return { count: runs.length, lastJobId: jobs.length ? Math.max(...jobs) : null };
}

/** The job's parameters, or null when the JSON text is unreadable. */
export function jobParameters(job: Pick<Job, 'parameters'>): JobParameters | null {
  try {
    const parsed = JobParameters.partial().safeParse(JSON.parse(job.parameters));
    if (!parsed.success) return null;
    return { memory: '', changesets: [], programArgs: '', matsimRunId: '', ...parsed.data };
  } catch {
    return null;
  }
}

/** Job type: the scenario's __jobType, else the last job's, else the default template, else the first (§9). */
export function defaultJobType(scenario: Pick<Dataset, 'attributes'>, templates: JobTemplatesAnswer | undefined, lastJob: Pick<Job, 'jobTemplate'> | null): string | null {
  const list = templates?.jobTemplates ?? [];
  const exists = (id: unknown) => list.some((template) => String(template.id) === String(id));
  const candidates = [scenario.attributes.__jobType, lastJob?.jobTemplate, templates?.defaultJobTemplate, list[0]?.id];
  const found = candidates.find((id) => id !== undefined && id !== null && exists(id));
  return found === undefined || found === null ? null : String(found);
}

export interface PrefillInput {
  scenario: Pick<Dataset, 'name' | 'key' | 'attributes' | 'files'>;
  runCount: number;
  lastJob: Job | null;
  templates: JobTemplatesAnswer | undefined;
  /** Ids of the scenario's changesets (a last job's changeset that is gone is dropped). */
  changesetIds: readonly number[];
}

/** The form's first values: proposed name and run id, files by tag, then the last job's choices on top. */
export function prefill({ scenario, runCount, lastJob, templates, changesetIds }: PrefillInput): ScheduleValues {
  const proposal = proposedRun(scenario, runCount);
  const values: ScheduleValues = {
    name: proposal.name,
    runId: proposal.runId,
    description: '',
    memory: DEFAULT_MEMORY,
    jobType: defaultJobType(scenario, templates, lastJob),
    programArgs: '',
    files: preselectFiles(scenario.files),
    inputs: [],
    changesets: [],
  };
  if (!lastJob) return values;

  const params = jobParameters(lastJob);
  if (params?.memory && MEMORY_PATTERN.test(params.memory)) values.memory = params.memory;
  if (params) values.programArgs = params.programArgs;
  if (params) values.changesets = params.changesets.map((entry) => entry.id).filter((id) => changesetIds.includes(id)).map(String);

  const present = new Set(scenario.files.map((file) => file.id));
  const lastFiles = lastJob.files.filter((file) => present.has(file.id));
  for (const file of lastFiles) {
    if (file.role === 'input') values.inputs.push(String(file.id));
    else values.files[file.role] = String(file.id);
  }
  return values;
}

export type ScheduleProblem = 'memory' | 'runId' | 'name' | 'jobType' | 'role';
/** A problem the page words, or the contract's own message (the server answers the same text). */
export type ScheduleError = ScheduleProblem | { message: string };
export type ScheduleErrors = Partial<Record<'memory' | 'runId' | 'name' | 'jobType' | 'programArgs' | `files.${SingleRole}`, ScheduleError>>;

/** Client validation (spec 1 §5.2, issue 11 job paths); the answer names the problem per field, the page words it. */
export function validateSchedule(values: ScheduleValues): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!values.name.trim()) errors.name = 'name';
  const runIdProblem = matsimRunIdProblem(values.runId.trim());
  if (!values.runId.trim()) errors.runId = 'runId';
  else if (runIdProblem) errors.runId = { message: runIdProblem };
  const argsProblems = programArgsProblems(values.programArgs);
  if (argsProblems.length) errors.programArgs = { message: argsProblems.join(' ') };
  if (!MEMORY_PATTERN.test(values.memory.trim())) errors.memory = 'memory';
  if (!values.jobType) errors.jobType = 'jobType';
  for (const role of REQUIRED_FILE_ROLES) {
    if (!values.files[role as SingleRole]) errors[`files.${role as SingleRole}`] = 'role';
  }
  return errors;
}

/** The POST /jobs/jobs payload (spec 1 §7.4). */
export function scheduleRequest(values: ScheduleValues, scenario: Pick<Dataset, 'id' | 'groupId' | 'files'>): CreateJobRequest {
  const nameOf = new Map(scenario.files.map((file) => [String(file.id), file.name]));
  const assignment = (id: string, role: FileRole) => ({ file: Number(id), name: nameOf.get(id) ?? '', role });
  const files = [
    ...SINGLE_ROLES.flatMap((role) => (values.files[role] ? [assignment(values.files[role], role)] : [])),
    ...values.inputs.map((id) => assignment(id, 'input')),
  ];
  const memory = values.memory.trim();
  return {
    type: 'matsim',
    name: values.name.trim(),
    group: scenario.groupId,
    files,
    scenarioId: scenario.id,
    description: values.description,
    changesets: values.changesets.map((id) => ({ id: Number(id) })),
    memory,
    programArgs: values.programArgs.trim(),
    resourceRequirements: { ramInGb: ramInGb(memory), cpuCores: DEFAULT_CPU_CORES },
    matsimRunId: values.runId.trim(),
    ...(values.jobType ? { jobTemplate: Number(values.jobType) } : {}),
  };
}
