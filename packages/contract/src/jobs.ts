import { z } from 'zod';
import { Count, INT32_MAX, RowId } from './integers.ts';
import { MAX_TEMPLATE_FILES, TEMPLATE_FILE_NAME_MAX } from './job-files.ts';
import { ExactText, MultilineText, Name, NAME_MAX, PlainText } from './strings.ts';

/** Job and run statuses (spec 1 §4). SUBMITTED is shown as "Scheduled". */
export const JOB_STATUSES = ['CREATED', 'SUBMITTED', 'STARTED', 'FINISHED', 'FAILED', 'CANCELLED'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;
/** Statuses a job can still be cancelled in (spec 3 §4). */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['CREATED', 'SUBMITTED', 'STARTED'];
export const FINAL_JOB_STATUSES: readonly JobStatus[] = ['FINISHED', 'FAILED', 'CANCELLED'];

/** File roles of a job (spec 1 §7.4); the first three are required. */
export const FILE_ROLES = ['config', 'network', 'population', 'facilities', 'transitschedule', 'transitvehicles', 'vehicles', 'jar', 'input'] as const;
export const FileRole = z.enum(FILE_ROLES);
export type FileRole = z.infer<typeof FileRole>;
export const REQUIRED_FILE_ROLES: readonly FileRole[] = ['config', 'network', 'population'];

/** Spec 1 §9. */
export const DEFAULT_MEMORY = '4g';
export const DEFAULT_CPU_CORES = 1;
export const RUN_REFRESH_MS = 10_000;
export const RUN_REFRESH_STOPS_AFTER_MS = 60 * 60 * 1000;
export const SCHEDULE_REDIRECT_MS = 1000;

/** Spec 1 §5.2 messages. */
export const SCHEDULE_MESSAGES = {
  memory: 'Please provide a valid memory specification, e.g. "4g" or "4096m".',
  runId: 'Please provide a Run ID.',
  name: 'Please provide a name.',
  jobType: 'Select a job type for the scenario in the scenario settings.',
  success: 'Run successfully scheduled.',
  failure: 'There was a problem scheduling the run: ',
} as const;

/** Digits followed by m or g, case-insensitive (spec 1 §5.2). */
export const MEMORY_PATTERN = /^\d+[mg]$/i;

/** RAM in GB from a memory text: "4g" → 4, "4096m" → 4, "1500m" → 1.46… (spec 1 §9: m divided by 1024). */
export function ramInGb(memory: string): number {
  const value = Number(memory.slice(0, -1));
  return memory.slice(-1).toLowerCase() === 'g' ? value : value / 1024;
}

/** The name and MATSim run id proposed for the next run: "{scenario name} Run {n}", "{scenario key}_{n}". */
export function proposedRun(scenario: { name: string; key: string }, existingRuns: number): { name: string; runId: string } {
  const n = existingRuns + 1;
  return { name: `${scenario.name} Run ${n}`, runId: `${scenario.key}_${n}` };
}

export const JobFileAssignment = z.object({
  /** The file id. */
  file: RowId,
  name: Name(),
  role: FileRole,
});
export type JobFileAssignment = z.infer<typeof JobFileAssignment>;

/** POST /jobs/jobs (spec 1 §7.4). `group` is the group id the run belongs to; `jobTemplate` the job type. */
export const CreateJobRequest = z.object({
  type: z.literal('matsim'),
  name: Name(NAME_MAX, SCHEDULE_MESSAGES.name),
  group: RowId,
  files: z.array(JobFileAssignment).max(100),
  scenarioId: RowId,
  description: MultilineText().default(''),
  changesets: z.array(z.object({ id: RowId })).default([]),
  memory: z.string().trim().regex(MEMORY_PATTERN, SCHEDULE_MESSAGES.memory).default(DEFAULT_MEMORY),
  programArgs: MultilineText().default(''),
  resourceRequirements: z
    .object({ ramInGb: z.number().positive().max(INT32_MAX), cpuCores: Count.min(1).default(DEFAULT_CPU_CORES) })
    .optional(),
  matsimRunId: PlainText().min(1, SCHEDULE_MESSAGES.runId).max(NAME_MAX),
  /** The job template (job type); absent: the scenario's __jobType, else the default template. */
  jobTemplate: RowId.optional(),
});
export type CreateJobRequest = z.infer<typeof CreateJobRequest>;
export const CreateJobAnswer = z.object({ id: z.number().int(), datasetId: z.number().int(), key: z.string() });

/** The parameters a job keeps (spec 1 §3 "Job": JSON text in the answer). */
export const JobParameters = z.object({
  memory: z.string(),
  changesets: z.array(z.object({ id: z.number().int() })),
  programArgs: z.string(),
  matsimRunId: z.string(),
});
export type JobParameters = z.infer<typeof JobParameters>;

/** A job as GET /jobs/jobs/{id} and /jobs/jobs/list answer it (spec 1 §3, spec 3 §3 "Job"). */
export const Job = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The run page, e.g. "/ada/runs/12"; null when the run was deleted. */
  url: z.string().nullable(),
  datasetId: z.number().int().nullable(),
  jobStatus: JobStatus,
  /** ISO timestamps. */
  submitted: z.string(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
  lastUpdated: z.string(),
  /** JSON text of JobParameters. */
  parameters: z.string(),
  command: z.string(),
  jobTemplate: z.number().int().nullable(),
  files: z.array(z.object({ id: z.number().int(), role: FileRole, name: z.string() })),
  fkStdOutFile: z.number().int().nullable(),
  /** Whether the job can still run (not final, not cancelled). */
  ready: z.boolean(),
  runnerName: z.string().nullable(),
  message: z.string().nullable(),
  exitCode: z.number().int().nullable(),
  /** The run executes outside Corridor (external or imported): nothing here can cancel it. */
  external: z.boolean(),
});
export type Job = z.infer<typeof Job>;

export const JobActionQuery = z.object({ action: z.literal('cancel') });

/** Job templates (spec 3 §2.14, §3). */
export const JobTemplateFile = z.object({
  id: z.number().int(),
  name: z.string(),
  fkUserFile: z.number().int(),
  extractArchive: z.boolean(),
  fkJobTemplate: z.number().int(),
});
export const JobTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** A MATSim release, "custom", or null (no MATSim needed, e.g. the built-in engine). */
  matsimVersion: z.string().nullable(),
  toolIntegrations: z.array(z.string()),
  allowCustomJar: z.boolean(),
  command: z.string(),
  files: z.array(JobTemplateFile),
});
export type JobTemplate = z.infer<typeof JobTemplate>;

/** GET /jobs/templates */
export const JobTemplatesAnswer = z.object({ jobTemplates: z.array(JobTemplate), defaultJobTemplate: z.number().int() });
export type JobTemplatesAnswer = z.infer<typeof JobTemplatesAnswer>;

/** Placeholders a job command may use. $JAR only when the template allows a custom jar or names a release. */
export const COMMAND_PLACEHOLDERS = ['$JAVA', '$JAR', '$Xmx', '$CONFIG', '$ARGS', '$ENGINE'] as const;
export const JOB_TEMPLATE_MESSAGES = {
  name: 'Please enter a name for the job template',
  command: 'Please enter a job command.',
  wildcards: 'Wildcards are not supported in the job command.',
  unknownPlaceholder: (p: string) => `The job command uses an unknown placeholder: ${p}`,
  jarNotAllowed: '$JAR needs a MATSim version or "Allow custom JAR-file".',
} as const;

/**
 * The command templates offered in the editor (spec 3 §9). `key` names one for a UI that words it in its own
 * language; `name` is the name the server gives the templates it creates.
 */
export const COMMAND_TEMPLATES = [
  { key: 'builtIn', name: 'Built-in engine', command: '$ENGINE $CONFIG $ARGS' },
  { key: 'standard', name: 'Standard MATSim Controller', command: '$JAVA -Xmx$Xmx -cp $JAR org.matsim.run.RunMatsim $CONFIG $ARGS' },
  { key: 'withCorridor', name: 'MATSim Controller with Corridor', command: '$JAVA -Xmx$Xmx -jar $JAR $CONFIG $ARGS' },
] as const;
/** MATSim releases a template can name (spec 3 §9). */
export const MATSIM_RELEASES = ['2025.0', '2024.0', '15.0', '14.0', '13.0', '12.0', '11.0'] as const;
export const TOOL_INTEGRATIONS = ['2025.0', '2024.0', '15.0', '14.0'] as const;

export const SaveJobTemplateRequest = z.object({
  name: Name(NAME_MAX, JOB_TEMPLATE_MESSAGES.name),
  description: MultilineText().default(''),
  matsimVersion: PlainText().max(50).nullable().default(null),
  toolIntegrations: z.array(PlainText().max(50)).max(10).default([]),
  allowCustomJar: z.boolean().default(false),
  command: MultilineText(5_000).trim().min(1, JOB_TEMPLATE_MESSAGES.command),
  /** `name`: where the file lands next to the config (templateFileNameProblem); default the file's own name. */
  files: z
    .array(z.object({ fkUserFile: RowId, name: ExactText().max(TEMPLATE_FILE_NAME_MAX).optional(), extractArchive: z.boolean().default(false) }))
    .max(MAX_TEMPLATE_FILES)
    .default([]),
});
export type SaveJobTemplateRequest = z.infer<typeof SaveJobTemplateRequest>;
export const SetDefaultTemplateRequest = z.object({ default: z.boolean() });

/**
 * Checks a job command: known placeholders only, no shell wildcards, $JAR only when allowed. Returns the first
 * problem's message or null. The runner splits the command on whitespace and substitutes placeholders per
 * argument, so no shell ever sees user input.
 */
export function jobCommandProblem(command: string, jarAllowed: boolean): string | null {
  const problem = findJobCommandProblem(command, jarAllowed);
  if (!problem) return null;
  return problem.code === 'unknownPlaceholder' ? JOB_TEMPLATE_MESSAGES.unknownPlaceholder(problem.placeholder) : JOB_TEMPLATE_MESSAGES[problem.code];
}

/** A job command's problem as a code (a key of JOB_TEMPLATE_MESSAGES), for a UI that words it in its own language. */
export type JobCommandProblem =
  | { code: 'command' | 'wildcards' | 'jarNotAllowed' }
  | { code: 'unknownPlaceholder'; placeholder: string };

/** The first problem of a job command, as jobCommandProblem() checks it, or null. */
export function findJobCommandProblem(command: string, jarAllowed: boolean): JobCommandProblem | null {
  if (command.trim() === '') return { code: 'command' };
  if (/[*?[\]]/.test(command)) return { code: 'wildcards' };
  for (const match of command.matchAll(/\$[A-Za-z_]+/g)) {
    const placeholder = match[0];
    if (!(COMMAND_PLACEHOLDERS as readonly string[]).includes(placeholder)) return { code: 'unknownPlaceholder', placeholder };
    if (placeholder === '$JAR' && !jarAllowed) return { code: 'jarNotAllowed' };
  }
  return null;
}

/** Runner tokens and connected runners (spec 3 §2.9, §3 "Runner token"). */
export const Resources = z.object({ cpuCores: z.number().min(0).max(INT32_MAX), ramInGb: z.number().min(0).max(INT32_MAX) });
export type Resources = z.infer<typeof Resources>;
export const ConnectedRunner = z.object({
  runnerId: z.string(),
  name: z.string(),
  capabilities: z.array(z.string()),
  /** Whether its jobs run in the bubblewrap sandbox. */
  sandboxed: z.boolean(),
  availableResources: Resources,
  totalResources: Resources,
  lastHeartbeat: z.string(),
});
export type ConnectedRunner = z.infer<typeof ConnectedRunner>;
/**
 * A runner token as administrators see it in the list: never the secret (only its SHA-256 is stored; issue 26), but
 * its last characters to tell tokens apart.
 */
export const RunnerToken = z.object({
  id: z.number().int(),
  /** The secret's last 4 characters (empty for tokens made before hashing kept them). */
  tokenHint: z.string(),
  description: z.string(),
  ipv4range: z.string(),
  ipv6range: z.string(),
  embedded: z.boolean(),
  connectedRunners: z.array(ConnectedRunner),
});
export type RunnerToken = z.infer<typeof RunnerToken>;
/** The answer to adding a token: the only time its secret is shown. */
export const CreatedRunnerToken = RunnerToken.extend({ token: z.string() });
export type CreatedRunnerToken = z.infer<typeof CreatedRunnerToken>;
/**
 * Adding (POST) and editing (PUT) a token. CIDR ranges, e.g. "10.0.0.0/8", several separated by commas or spaces;
 * an empty range admits no address of that family, and at least one of the two must be given (RUNNER_MESSAGES.noRange).
 */
export const CreateRunnerTokenRequest = z.object({
  description: PlainText().max(500).default(''),
  ipv4range: PlainText().max(100).default(''),
  ipv6range: PlainText().max(100).default(''),
});
export const UpdateRunnerTokenRequest = CreateRunnerTokenRequest;
/**
 * A connected runner as every signed-in user sees it (issue 26): whether runs can start, without the tokens or the
 * machines' resources, which are for administrators (RunnerToken.connectedRunners).
 */
export const OnlineRunner = z.object({
  name: z.string(),
  capabilities: z.array(z.string()),
  sandboxed: z.boolean(),
  /** Whether it runs a job right now (less CPU or RAM available than it has). */
  busy: z.boolean(),
});
export type OnlineRunner = z.infer<typeof OnlineRunner>;
export const RUNNER_MESSAGES = {
  addFailed: 'Runner could not be added.',
  badIpv4: 'Please enter an IPv4 range such as 10.0.0.0/8.',
  badIpv6: 'Please enter an IPv6 range such as ::1/128.',
  noRange:
    'Please enter an IPv4 or an IPv6 range: a token without any range cannot be used by any runner (0.0.0.0/0 and ::/0 allow every address).',
} as const;
