import { runOriginOf, type RunDetails, type RunOrigin } from '@corridor/contract';

/** The origins that get a mark; a run scheduled here gets none. */
export type MarkedOrigin = Exclude<RunOrigin, 'scheduled'>;

/**
 * Where a run came from, for its mark on the run page (issue 17): imported from a finished run's files (attribute
 * `__imported`), external (started outside Corridor and reporting to it), or scheduled here (null). The run list
 * gets the same rule from the server (RunSummary.origin, `markOf`).
 */
export function runOrigin(run: Pick<RunDetails, 'attributes'> & { run: Pick<RunDetails['run'], 'external'> }): MarkedOrigin | null {
  return markOf(runOriginOf(run.attributes.__imported, run.run.external));
}

/** The mark of an origin: none for a scheduled run. */
export function markOf(origin: RunOrigin): MarkedOrigin | null {
  return origin === 'scheduled' ? null : origin;
}
