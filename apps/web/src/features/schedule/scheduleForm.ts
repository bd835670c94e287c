/**
 * The schedule-run form's pure rules (spec 1 §2.15, §5.2, §7.4, §9): fresh defaults from the scenario, its run
 * count and the files its config names (issue 24: nothing is carried over from the last run unless the user copies
 * it); validation; the POST /jobs/jobs payload.
 */
import {
  type CreateJobRequest,
  type Dataset,
  DEFAULT_CPU_CORES,
  DEFAULT_MEMORY,
  type FileEntry,
  type FileRole,
  type Job,
  JobParameters,
  type JobTemplatesAnswer,
  matsimRunIdProblem,
  MEMORY_PATTERN,
  paramNamesFile,
  programArgsProblems,
  proposedRun,
  ramInGb,
  type Relation,
  REQUIRED_FILE_ROLES,
} from '@corridor/contract';
import { type Config, getParam, INPUT_FILE_PARAMS, mapParamValues } from '@corridor/matsim/config-text';
import { fileNamed, preselectFiles, SINGLE_ROLES, type SingleRole } from '../../components/fileRoles.ts';

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

/** The input files a config names: per run role (`network.inputNetworkFile`, …) and the others (counts, lanes, …). */
export interface ConfigFileNames {
  roles: Partial<Record<SingleRole, string>>;
  /** Where each role's name comes from, `module.param` ("plans.inputPlansFile"). */
  params: Partial<Record<SingleRole, string>>;
  others: string[];
}

const UNSET = new Set(['', 'null']);

/** The file names a config gives: the role params MATSim reads them from, and every other param that names a file. */
export function configFileNames(config: Config): ConfigFileNames {
  const names: ConfigFileNames = { roles: {}, params: {}, others: [] };
  const roleParams = new Set<string>();
  for (const role of SINGLE_ROLES) {
    const target = INPUT_FILE_PARAMS[role];
    if (!target) continue;
    roleParams.add(`${target.module}.${target.param}`);
    const value = getParam(config, target.module, target.param)?.trim() ?? '';
    if (UNSET.has(value.toLowerCase())) continue;
    names.roles[role] = value;
    names.params[role] = `${target.module}.${target.param}`;
  }
  mapParamValues(config, (where, param, value) => {
    const folder = /(Directory|Dir)$/.test(param) || /[/\\]$/.test(value);
    if (!roleParams.has(where) && !folder && paramNamesFile(param, value)) names.others.push(value);
    return value;
  });
  return names;
}

/**
 * Files by role from the config (the file it names where the scenario has it, see preselectFiles) and, as
 * additional inputs, the scenario's files its other file params name (counts, lanes, …) that no role took.
 * The chosen config stays.
 */
export function filesFromConfig(values: Pick<ScheduleValues, 'files'>, files: readonly FileEntry[], names: ConfigFileNames | null): Pick<ScheduleValues, 'files' | 'inputs'> {
  const chosen = { ...preselectFiles(files, names?.roles ?? null), config: values.files.config };
  const taken = new Set(Object.values(chosen));
  const inputs: string[] = [];
  for (const name of names?.others ?? []) {
    const file = fileNamed(files, name);
    const id = file ? String(file.id) : null;
    if (id && !taken.has(id) && !inputs.includes(id)) inputs.push(id);
  }
  return { files: chosen, inputs };
}

export interface PrefillInput {
  scenario: Pick<Dataset, 'name' | 'key' | 'attributes' | 'files'>;
  runCount: number;
  lastJob: Pick<Job, 'jobTemplate'> | null;
  templates: JobTemplatesAnswer | undefined;
  /** What the preselected config names; null when it could not be read (files then go by their tags). */
  configNames: ConfigFileNames | null;
}

/** The config the form starts with: the first config file by name (its names decide the other files). */
export function defaultConfigId(files: readonly FileEntry[]): string | null {
  return preselectFiles(files).config;
}

/**
 * The form's first values: proposed name and run id, default memory, no program arguments or changesets, files
 * from the config. The last run only proposes the job type (spec 1 §9); the rest it gives on request (copyLastRun).
 */
export function prefill({ scenario, runCount, lastJob, templates, configNames }: PrefillInput): ScheduleValues {
  const proposal = proposedRun(scenario, runCount);
  const config = defaultConfigId(scenario.files);
  return {
    name: proposal.name,
    runId: proposal.runId,
    description: '',
    memory: DEFAULT_MEMORY,
    jobType: defaultJobType(scenario, templates, lastJob),
    programArgs: '',
    ...filesFromConfig({ files: { ...preselectFiles(scenario.files), config } }, scenario.files, configNames),
    changesets: [],
  };
}

/** The settings "Copy settings from the last run" takes over; the name, run id and description stay the new run's. */
export type CopiedSetting = 'memory' | 'jobType' | 'programArgs' | 'changesets' | 'files';

/**
 * The values with the last run's memory, job type, program arguments, changesets (those still in the scenario)
 * and files (those still in the scenario); `copied` names what the last run had.
 */
export function copyLastRun(values: ScheduleValues, lastJob: Job, scenarioFiles: readonly Pick<FileEntry, 'id'>[], changesetIds: readonly number[]): { values: ScheduleValues; copied: CopiedSetting[] } {
  const next: ScheduleValues = { ...values, files: { ...values.files }, inputs: [...values.inputs] };
  const copied: CopiedSetting[] = [];
  const params = jobParameters(lastJob);
  if (params?.memory && MEMORY_PATTERN.test(params.memory)) {
    next.memory = params.memory;
    copied.push('memory');
  }
  if (lastJob.jobTemplate !== null) {
    next.jobType = String(lastJob.jobTemplate);
    copied.push('jobType');
  }
  if (params) {
    next.programArgs = params.programArgs;
    next.changesets = params.changesets.map((entry) => entry.id).filter((id) => changesetIds.includes(id)).map(String);
    if (params.programArgs) copied.push('programArgs');
    if (next.changesets.length) copied.push('changesets');
  }
  const present = new Set(scenarioFiles.map((file) => file.id));
  const lastFiles = lastJob.files.filter((file) => present.has(file.id));
  if (lastFiles.length) {
    next.files = Object.fromEntries(SINGLE_ROLES.map((role) => [role, null])) as Record<SingleRole, string | null>;
    next.inputs = [];
    for (const file of lastFiles) {
      if (file.role === 'input') next.inputs.push(String(file.id));
      else next.files[file.role] = String(file.id);
    }
    copied.push('files');
  }
  return { values: next, copied };
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
