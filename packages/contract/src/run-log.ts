/**
 * MATSim's own log among a run's files (`logfile.log`, `{runId}.logfile.log`, compressed or not, at the top of the
 * output folder): what the import reads its times and memory from, and what the run page shows as the log when the
 * run has no runner log (an imported run, issue 26). Pure.
 */

export const MATSIM_LOGFILE = /^(?:[^/]+\.)?logfile\.log(?:\.gz|\.zst)?$/;

/** The run's MATSim log file, or null: top-level names only, the shortest name first (then the lowest id). */
export function matsimLogFile<F extends { id: number; name: string }>(files: readonly F[]): F | null {
  const found = files.filter((f) => !f.name.includes('/') && MATSIM_LOGFILE.test(f.name));
  found.sort((a, b) => a.name.length - b.name.length || a.id - b.id);
  return found[0] ?? null;
}
