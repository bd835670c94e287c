/**
 * Job files and prespecified files (spec 3 §2.14, §3, §7 "Job templates"): files administrators add to job templates,
 * staged by the runner next to the config (a zip with `extractArchive` is extracted there instead).
 */
import { z } from 'zod';

/** The job template editor's uploader (spec 3 §5, §9): at least 1, at most 5 files per upload. */
export const JOB_FILE_UPLOAD = { min: 1, max: 5 } as const;
/** Most files one job template may carry. */
export const MAX_TEMPLATE_FILES = 50;
/** The file type of job files (files.type). */
export const JOB_FILE_TYPE = 'jobfile';

/** GET/POST /datasets/files?type=jobfile */
export const JobFilesQuery = z.object({ type: z.literal(JOB_FILE_TYPE) });

/** One job file of GET /datasets/files?type=jobfile. */
export const JobFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number(),
  /** ISO timestamp. */
  added: z.string(),
  /** Whether the content is a zip archive (only those can be extracted). */
  zip: z.boolean(),
});
export type JobFile = z.infer<typeof JobFile>;

/** GET /datasets/prespecified (spec 3 §3 "Prespecified file"), plus whether the server has it to copy. */
export const PrespecifiedFile = z.object({
  key: z.string(),
  name: z.string(),
  /** The job file it was copied into (POST …/{key}/download), or null before. */
  fkUserFile: z.number().int().nullable(),
  /** Whether the server holds the file (a MATSim release downloaded in the setup wizard). */
  available: z.boolean(),
});
export type PrespecifiedFile = z.infer<typeof PrespecifiedFile>;
export const PrespecifiedKeyParams = z.object({ key: z.string().regex(/^[\w.-]{1,100}$/, 'not a prespecified file key') });
export const PrespecifiedDownloadAnswer = z.object({ id: z.number().int() });

export const TEMPLATE_FILE_NAME_MAX = 1_000;
const SEGMENT_MAX = 200;
const DEPTH_MAX = 10;
/** The runner's working config: no template file may take its name. */
export const WORKING_CONFIG_NAME = 'corridor-working-config.xml';

/**
 * Why a template file's name (where it lands next to the config) is not usable, or null. Relative, "/" between
 * folders (at most 10 deep), no empty, "." or ".." segments, no "\", no control characters (NUL included).
 * Checked by the server when a template is saved and by the runner before staging.
 */
export function templateFileNameProblem(name: string): string | null {
  if (name === '') return 'must not be empty';
  if (name.length > TEMPLATE_FILE_NAME_MAX) return `must be at most ${TEMPLATE_FILE_NAME_MAX} characters`;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'must not contain control characters';
  if (name.includes('\\')) return 'must not contain "\\"';
  if (name.startsWith('/')) return 'must be a relative path';
  const segments = name.split('/');
  if (segments.length > DEPTH_MAX) return `must be at most ${DEPTH_MAX} folders deep`;
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'must not contain empty, "." or ".." parts';
  if (segments.some((s) => s.length > SEGMENT_MAX || s.trim() !== s)) return `parts must have at most ${SEGMENT_MAX} characters and no surrounding spaces`;
  if (name === WORKING_CONFIG_NAME) return `must not be ${WORKING_CONFIG_NAME}`;
  return null;
}

/** The first pair of names that clash (the same, or one a folder of the other), or null. */
export function templateFileNameClash(names: readonly string[]): [string, string] | null {
  for (const [i, a] of names.entries()) {
    for (const b of names.slice(i + 1)) {
      if (a === b || b.startsWith(`${a}/`) || a.startsWith(`${b}/`)) return [a, b];
    }
  }
  return null;
}
