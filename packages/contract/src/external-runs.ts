/**
 * Live external runs (issue 17): a MATSim run started outside Corridor (a laptop, a Slurm node) reported while it
 * runs by `corridor-runner watch` with an API key (or by any client with a session). The calls:
 *   POST /datasets/runs/external                      CreateExternalRunRequest → ExternalRunCreated (job STARTED)
 *   POST /datasets/runs/{id}/external/log             text/plain chunk, appended to the run's log
 *   POST /datasets/runs/{id}/external/progress        JobProgress (current iteration, memory readings)
 *   PUT  /datasets/runs/{id}/external/stats/{name}    scorestats.csv / modestats.csv (text/csv), whole file so far
 *   POST /datasets/runs/{id}/external/outputs?path=   one output file (application/octet-stream)
 *   POST /datasets/runs/{id}/external/finish          ExternalRunFinish → FINISHED/FAILED, post-processing
 * Calls for a run that has ended answer 409 EXTERNAL_RUN_ENDED.
 */
import { z } from 'zod';
import { RowId } from './integers.ts';
import { MultilineText, Name } from './strings.ts';

export const EXTERNAL_RUN_NAME = 'External Run';

export const CreateExternalRunRequest = z.object({
  /** The group's id, or its name in `group`; neither: the caller's personal group. */
  groupId: RowId.optional(),
  group: Name().optional(),
  name: Name().default(EXTERNAL_RUN_NAME),
  description: MultilineText().default(''),
  /** The scenario the run belongs to (edit access needed): the run appears among the scenario's runs. */
  scenarioId: RowId.optional(),
});
export type CreateExternalRunRequest = z.input<typeof CreateExternalRunRequest>;

export const ExternalRunCreated = z.object({
  /** The run (dataset) id: the {id} of the reporting calls. */
  id: z.number().int(),
  jobId: z.number().int(),
  /** The run page, as a path on the server (e.g. "/alice/runs/12"). */
  url: z.string(),
});
export type ExternalRunCreated = z.infer<typeof ExternalRunCreated>;

export const ExternalRunFinish = z.object({
  status: z.enum(['FINISHED', 'FAILED']),
  /** Why, for people (shown on the run page and appended to the log). */
  message: MultilineText(2_000).optional(),
});
export type ExternalRunFinish = z.infer<typeof ExternalRunFinish>;

export const EXTERNAL_RUN_ENDED = 'This external run has ended; it takes no more reports.';
export const NOT_EXTERNAL_RUN = 'This run is not an external run.';
/** The heartbeat monitor's reason for an external run that sent nothing for its timeout. */
export const WATCH_CLIENT_SILENT = 'The watch client stopped reporting.';
/** The same monitor's reason for an imported run whose import stopped reporting (only a server restart does that). */
export const IMPORT_INTERRUPTED = 'The import stopped (the server restarted); import the run again.';
/** 409 for cancelling a run that executes outside Corridor (external or imported). */
export const EXTERNAL_RUN_NOT_STOPPABLE = 'This run executes outside Corridor; it cannot be stopped from here.';
