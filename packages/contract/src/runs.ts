import { z } from 'zod';
import { RowIdText } from './integers.ts';
import { Dataset } from './datasets.ts';
import { JobStatus } from './jobs.ts';
import { PlainText } from './strings.ts';

/** The scenario a run was made from (null when the scenario was deleted or the run was imported). */
export const RunScenario = z.object({ id: z.number().int(), key: z.string(), name: z.string(), groupName: z.string() });
export type RunScenario = z.infer<typeof RunScenario>;

/** GET /datasets/runs?groupId= entries: newest first (spec 3 §3 "Run" for the list). */
export const RunOrigin = z.enum(['scheduled', 'imported', 'external']);
export type RunOrigin = z.infer<typeof RunOrigin>;

/** An imported run (attribute `__imported`) is imported whatever its job; else external when its job is. */
export function runOriginOf(imported: unknown, external: boolean): RunOrigin {
  if (imported === true) return 'imported';
  return external ? 'external' : 'scheduled';
}

export const RunSummary = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Missing for a run without a job (e.g. imported): the UI shows "unknown". */
  status: JobStatus.nullable(),
  created: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  scenario: RunScenario.nullable(),
  labels: z.array(z.string()),
  /** Where the run came from (issue 17): scheduled here, imported from a finished run's files, or external (reporting from outside). */
  origin: RunOrigin,
});
export type RunSummary = z.infer<typeof RunSummary>;
/** Run labels ("baseline", "policy A"): each 1–40 characters of plain text, at most 20 per run. */
export const RUN_LABEL_MAX_LENGTH = 40;
export const RUN_LABELS_MAX = 20;
/** PUT /datasets/runs/{id}/labels: the run's whole list; labels are trimmed, repeats (ignoring case) dropped. */
export const RunLabelsRequest = z.object({
  labels: z.array(PlainText().min(1).max(RUN_LABEL_MAX_LENGTH)).max(RUN_LABELS_MAX, `A run has at most ${RUN_LABELS_MAX} labels.`),
});
export const RunLabelsAnswer = z.object({ labels: z.array(z.string()) });
export type RunLabelsAnswer = z.infer<typeof RunLabelsAnswer>;

/** Labels trimmed, in their order, the first spelling of each kept when it repeats ignoring case. */
export function distinctLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  return labels
    .map((label) => label.trim())
    .filter((label) => {
      const key = label.toLocaleLowerCase();
      if (label === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export const RunListQuery = z.object({ groupId: RowIdText.optional() });

export const RunEvent = z.object({
  /** runStarted, runFinished, runImported, … */
  type: z.string(),
  status: z.string().nullable(),
  timestamp: z.string(),
});
export type RunEvent = z.infer<typeof RunEvent>;

/** A post-processing step of a run (spec 1 §2.17 "Post process" cards). */
export const PostProcess = z.object({
  status: JobStatus,
  /** GET /datasets/sysfiles/{id} when the step failed and left a log; else null. */
  logFileId: z.number().int().nullable(),
  /** For network post-processing: GET /datasets/files/{fileId}/d/{logFile}. */
  fileId: z.number().int().nullable(),
  logFile: z.string().nullable(),
  /** What the step has to say to people (why it failed, or that there was nothing to do); null when nothing. */
  message: z.string().nullable(),
});
export type PostProcess = z.infer<typeof PostProcess>;

/**
 * Why a CREATED run has not started: no runner connected; no connected runner could ever take it (its total RAM,
 * cores or programs fall short of what the run asks); or the runners that could are busy. The numbers are the run's.
 */
export const RUN_WAITING_REASONS = ['no-runner-connected', 'no-runner-fits', 'busy'] as const;
export const RunWaiting = z.object({ reason: z.enum(RUN_WAITING_REASONS), ramInGb: z.number(), cpuCores: z.number() });
export type RunWaiting = z.infer<typeof RunWaiting>;

/** The run sub-object (spec 1 §3 "Run"). */
export const RunState = z.object({
  status: JobStatus.nullable(),
  /** -1: not yet iterating. */
  currentIteration: z.number().int(),
  /** ISO time of the last status change. */
  timestamp: z.string(),
  external: z.boolean(),
  events: z.array(RunEvent),
  /** null: not started (the UI shows the tentative card "started if run finishes"). */
  postProcessRun: PostProcess.nullable(),
  postProcessNetwork: PostProcess.nullable(),
  /** The visualizer's vehicle data (issue 15); its log is the run post-processing log. */
  postProcessVehicles: PostProcess.nullable(),
  /** Why the run failed or was cancelled. */
  message: z.string().nullable(),
  exitCode: z.number().int().nullable(),
  /** Set while the run is CREATED: what it waits for (the run page says so). */
  waitingFor: RunWaiting.nullable(),
});
export type RunState = z.infer<typeof RunState>;

/** Another run, linked from a run page ("Run again of …", its re-runs). */
export const RunLink = z.object({ id: z.number().int(), name: z.string(), groupName: z.string() });
export type RunLink = z.infer<typeof RunLink>;

/** GET /datasets/run/{id}: the run dataset with its files, state and origin. */
export const RunDetails = Dataset.extend({
  status: JobStatus.nullable(),
  scenarioId: z.number().int().nullable(),
  scenario: RunScenario.nullable(),
  crsDisplayName: z.string().nullable(),
  jobId: z.number().int().nullable(),
  run: RunState,
  labels: z.array(z.string()),
  /** The runner that claimed the run's job (kept when the runner reconnects or is lost); null before a claim. */
  runnerName: z.string().nullable(),
  /** The run this one is a "Run again" of (null when none, or when the caller cannot see it). */
  againOf: RunLink.nullable(),
  /** The runs made with "Run again" of this one that the caller can see, oldest first. */
  againRuns: z.array(RunLink),
  /** Whether the caller may "Run again" (may schedule in the run's group, and a runner here executed the run). */
  mayRunAgain: z.boolean(),
});

/** POST /datasets/runs/{id}/again refusals (issue 26). */
export const RUN_AGAIN_MESSAGES = {
  notHere: 'This run was not executed by a runner of this Corridor; it cannot be run again.',
  fileDeleted: (name: string) => `The input file "${name}" was deleted since this run; it cannot be run again.`,
  roleDeleted: (role: string) => `The ${role} file of this run was deleted since; it cannot be run again.`,
} as const;
export type RunDetails = z.infer<typeof RunDetails>;

/**
 * What a run records about the changesets applied to its inputs: run attribute `__changesets` (issue 13); `files`
 * (issue 28): the input files by role the changeset changed (network, transitschedule), absent on older runs.
 */
export const AppliedChangeset = z.object({ id: z.number().int(), name: z.string(), modifications: z.number().int(), files: z.array(z.string()).optional() });
export type AppliedChangeset = z.infer<typeof AppliedChangeset>;

/** GET /datasets/datasets/{id}/sysfiles entries (type stdout is the log). */
export const SystemFile = z.object({ id: z.number().int(), type: z.string(), name: z.string(), size: z.number().int(), modified: z.string() });
export type SystemFile = z.infer<typeof SystemFile>;

/** GET /datasets/runs/{id}/deletion: what DELETE /datasets/runs/{id} removes and keeps (spec 1 §2.17). */
export const RunDeletionPreview = z.object({
  started: z.string().nullable(),
  finished: z.string().nullable(),
  /** Files only this run uses: deleted with it. */
  deleted: z.array(z.object({ id: z.number().int(), name: z.string(), size: z.number().int() })),
  /** Files other datasets use too: kept, with those datasets. */
  kept: z.array(z.object({ id: z.number().int(), name: z.string(), usages: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
  seriesCount: z.number().int(),
  tables: z.array(z.string()),
  /** Whether the run is still active (it must be stopped first). */
  active: z.boolean(),
});
export type RunDeletionPreview = z.infer<typeof RunDeletionPreview>;
export const RUN_DELETE_ACTIVE = 'Stop the run before deleting it.';

// The table schemas (TableInfo, TablesAnswer, RUN_TABLES, TableQuery, …) live in ./tables.ts.
