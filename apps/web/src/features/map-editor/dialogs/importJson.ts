/**
 * The JSON import of spec 2 §5: a pasted text or an uploaded `.json` file, read by the contract's
 * `parseChangesetJson` ("Invalid JSON format for changeset", "Unknown Modification Type").
 */
import { parseChangesetJson, type Modification } from '@corridor/contract';

/** Only files named `*.json` are read (spec 2 §2: "the file must be JSON"). */
export function isJsonFileName(name: string): boolean {
  return /\.json$/i.test(name.trim());
}

export type ImportResult = { ok: true; modifications: Modification[] } | { ok: false; error: string };

/** The modifications of an import, or the contract's message; an empty list has nothing to import. */
export function readImport(text: string): ImportResult {
  return parseChangesetJson(text);
}
