/**
 * View state kept in the editor's address so a colleague given the link sees the same: `?diff=1` switches on
 * spec 2 §4's `calculateDiff` (the map marks the saved changes); absent (the default) it is off.
 */
export const DIFF_PARAM = 'diff';

export function calculateDiffOf(params: URLSearchParams): boolean {
  return params.get(DIFF_PARAM) === '1';
}

/** The parameters with `diff=1` when on, without `diff` when off; the others kept. */
export function withCalculateDiff(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set(DIFF_PARAM, '1');
  else next.delete(DIFF_PARAM);
  return next;
}
