/**
 * Text inputs of the API (issue 11 "Strings"): every name, description, username, key and argument a client sends
 * is built from these, so NUL and other control characters are refused with a 400 that names the field
 * ("Invalid request: body/name: must not contain control characters") before the text reaches the database,
 * the file system or a log. Limits are shared so that create and rename accept the same names.
 */
import { z } from 'zod';

/** Longest name of a scenario, run, changeset, file, job, job template, licence holder or runner. */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 10_000;

export const STRING_MESSAGES = {
  control: 'must not contain control characters',
  controlMultiline: 'must not contain control characters other than line breaks and tabs',
  empty: 'must not be empty',
  pathSeparator: 'must not contain "/" or "\\"',
  dotName: 'must not be "." or ".."',
} as const;

/** C0 controls (tab and line breaks included), DEL and C1 controls. */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
/** The same, but tab, line feed and carriage return are allowed. */
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** Whether a text has no control characters (single line), or none but line breaks and tabs (multi-line). */
export function isCleanText(text: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE : SINGLE_LINE).test(text);
}

/** Single-line text without control characters; chain `.max()`, `.min()` as the field needs. Trimmed first. */
export const PlainText = () => z.string().trim().regex(SINGLE_LINE, STRING_MESSAGES.control);

/** Text as it is (not trimmed): secrets, keys and values that must stay exactly as typed. */
export const ExactText = () => z.string().regex(SINGLE_LINE, STRING_MESSAGES.control);

/** Multi-line text (descriptions, program arguments, job messages): line breaks and tabs allowed. */
export const MultilineText = (max: number | null = DESCRIPTION_MAX) => {
  const text = z.string().regex(MULTI_LINE, STRING_MESSAGES.controlMultiline);
  return max === null ? text : text.max(max);
};

/** A required single-line name, trimmed, 1 to `max` characters. */
export const Name = (max = NAME_MAX, emptyMessage: string = STRING_MESSAGES.empty) => PlainText().min(1, emptyMessage).max(max);

/** A file name: a name that is not "." or ".." and has no path separators (the same on upload, create and rename). */
export const FileName = (emptyMessage: string = STRING_MESSAGES.empty) =>
  Name(NAME_MAX, emptyMessage)
    .regex(/^[^/\\]*$/, STRING_MESSAGES.pathSeparator)
    .regex(/^(?!\.\.?$)/, STRING_MESSAGES.dotName);

/**
 * Free JSON (dataset attributes, changeset modifications): every object key and string inside follows the
 * multi-line rule, each problem reported at its own path. PostgreSQL cannot store a NUL in jsonb at all.
 */
export function refineJsonText(value: unknown, ctx: z.RefinementCtx, path: (string | number)[] = []): void {
  if (typeof value === 'string') {
    if (!MULTI_LINE.test(value)) ctx.addIssue({ code: 'custom', path, message: STRING_MESSAGES.controlMultiline });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => refineJsonText(item, ctx, [...path, i]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!MULTI_LINE.test(key)) ctx.addIssue({ code: 'custom', path, message: `key ${JSON.stringify(key)} ${STRING_MESSAGES.controlMultiline}` });
      refineJsonText(item, ctx, [...path, key]);
    }
  }
}

/** Removes what the database cannot store and what has no place in text shown to people (runner output). */
export function stripControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
}
