import { z } from 'zod';
import { ErrorAnswer } from './common.ts';

/**
 * A MATSim config as JSON (the shape of packages/matsim's Config model): modules in file order, each with params,
 * nestable parametersets and comments. Values stay strings exactly as written.
 */
export type ConfigEntryJson =
  | { kind: 'param'; name: string; value: string }
  | { kind: 'parameterset'; type: string; entries: ConfigEntryJson[] }
  | { kind: 'comment'; text: string };
export const ConfigEntryJson: z.ZodType<ConfigEntryJson> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('param'), name: z.string(), value: z.string() }),
    z.object({ kind: z.literal('parameterset'), type: z.string(), entries: z.array(ConfigEntryJson) }),
    z.object({ kind: z.literal('comment'), text: z.string() }),
  ]),
);
export const ConfigJson = z.object({
  modules: z.array(z.object({ name: z.string(), entries: z.array(ConfigEntryJson), commentsBefore: z.array(z.string()).optional() })),
  commentsAfter: z.array(z.string()).optional(),
});
export type ConfigJson = z.infer<typeof ConfigJson>;

/**
 * GET /datasets/run/{id}/config: the configuration a run was scheduled with — its job's config file with the job's
 * `--config:module.param=value` program arguments applied; for a run without a job (imported) its
 * `*output_config.xml`; source and config null when there is none, config null when the file does not read.
 */
export const RunConfigAnswer = z.object({
  runId: z.number().int(),
  /** The file the config was read from. */
  source: z.object({ fileId: z.number().int(), name: z.string() }).nullable(),
  config: ConfigJson.nullable(),
});
export type RunConfigAnswer = z.infer<typeof RunConfigAnswer>;

/**
 * PUT /datasets/files/{id} (the config editor's save): the id of the file now holding the saved content — the same
 * id, or a new file when a run uses the old one (copy-on-write: runs keep the file they ran with, every scenario
 * using it gets the new one) — and its `version`. The version is what GET /datasets/files/{id} sends as `ETag`;
 * a save that sends it back as `If-Match` is refused with 409 (ConfigSaveConflict) once someone else saved first.
 */
export const SaveConfigAnswer = z.object({ id: z.number().int(), version: z.string() });
export type SaveConfigAnswer = z.infer<typeof SaveConfigAnswer>;

export const CONFIG_SAVE_STALE =
  'The file was changed by someone else since you opened it. Your text was not saved; load the file again to see their changes, or save yours over them.';
/** The 428 of a config save without If-Match: a save must name the version it was made from. */
export const CONFIG_SAVE_VERSION_REQUIRED =
  'The save must name the version of the file it was made from: send If-Match with the ETag of GET /datasets/files/{id} (or * to save over the newest content).';
/**
 * The 409 of a stale config save: `current` is the file that holds the newest content now (the same file, or the
 * copy that replaced it in the scenarios) with its version — what a reload opens and an overwrite saves against;
 * null when that file is gone.
 */
export const ConfigSaveConflict = ErrorAnswer.extend({
  current: z.object({ id: z.number().int(), version: z.string() }).nullable(),
});
export type ConfigSaveConflict = z.infer<typeof ConfigSaveConflict>;

/** GET /datasets/files/{id}/summary for population/plans files (spec 1 §2.13 "population view"). */
export const PopulationSummary = z.object({
  kind: z.literal('population'),
  persons: z.number().int(),
  plans: z.number().int(),
  selectedPlans: z.number().int(),
  /** Activities of all plans by type, most frequent first. */
  activities: z.array(z.object({ type: z.string(), count: z.number().int() })),
  /** Legs of all plans by mode, most frequent first. */
  legs: z.array(z.object({ mode: z.string(), count: z.number().int() })),
  /** Persons per subpopulation attribute value ("" for none). */
  subpopulations: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type PopulationSummary = z.infer<typeof PopulationSummary>;

/** GET /datasets/files/{id}/summary for transit schedules (spec 1 §2.13 "transit view"). */
export const TransitSummary = z.object({
  kind: z.literal('transit'),
  stops: z.number().int(),
  lines: z.number().int(),
  routes: z.number().int(),
  departures: z.number().int(),
  /** Routes by transport mode, most frequent first. */
  modes: z.array(z.object({ mode: z.string(), routes: z.number().int(), departures: z.number().int() })),
});
export type TransitSummary = z.infer<typeof TransitSummary>;

export const FileSummary = z.discriminatedUnion('kind', [PopulationSummary, TransitSummary]);
export type FileSummary = z.infer<typeof FileSummary>;

/** Spec 1 §2.14 and §9. */
export const CONFIG_EDITOR_LEVELS = ['beginner', 'advanced', 'expert'] as const;
export type ConfigEditorLevel = (typeof CONFIG_EDITOR_LEVELS)[number];
export const DEFAULT_CONFIG_EDITOR_LEVEL: ConfigEditorLevel = 'beginner';
export const CONFIG_IDLE_SAVE_MS = 1000;
export const CONFIG_SAVED_INDICATOR_MS = 1000;
export const CONFIG_XML_INDENT = 2;
export const CONFIG_EDITOR_MESSAGES = {
  unsaved: 'There are unsaved changes.',
  saving: 'Saving...',
  saved: 'All changes are saved.',
  removeGroupTitle: 'Remove Group',
  removeGroupText: 'Do you really want to remove this group?',
  removeGroupConfirm: 'Remove',
  editXml: 'Edit XML',
  hideXml: 'Hide XML',
  save: 'Save Changes',
} as const;
/** Spec 3 §2.6. */
export const COMPARE_MIN_RUNS = 2;
export const COMPARE_HINT = 'Select at least 2 runs to compare them.';
