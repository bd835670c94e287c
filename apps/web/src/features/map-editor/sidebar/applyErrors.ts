/**
 * The apply errors of the open changeset (issue 27): modifications the loaded network refused, each said in the
 * user's language through the refusal texts (`map.refusal.reasons`), at most `max` of them and a count of the rest.
 */
import type { Refusal } from '@corridor/changesets';

export const APPLY_ERRORS_LISTED = 8;

export function applyErrorLines(
  errors: readonly Refusal[],
  say: (key: string, params: Record<string, unknown>) => string,
  max = APPLY_ERRORS_LISTED,
): { lines: string[]; more: number } {
  const lines = errors.slice(0, max).map((reason) => say(`map.refusal.reasons.${reason.code}`, reason.params));
  return { lines, more: Math.max(0, errors.length - max) };
}
