import type { RunDetails } from '@corridor/contract';

/**
 * Where a run came from, for the run page's mark (issue 17): imported from a finished run's files (attribute
 * `__imported`), external (started outside Corridor and reporting to it), or scheduled here (null).
 */
export function runOrigin(run: Pick<RunDetails, 'attributes'> & { run: Pick<RunDetails['run'], 'external'> }): 'imported' | 'external' | null {
  if (run.attributes.__imported === true) return 'imported';
  return run.run.external ? 'external' : null;
}
