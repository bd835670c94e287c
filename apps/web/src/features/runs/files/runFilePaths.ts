import { runPath } from '../runPaths.ts';

/** The single-file page of a run output: …/runs/{id}/file?file={name}. */
export function runFileViewPath(groupName: string, runId: number, fileName: string): string {
  return `${runPath(groupName, runId, 'file')}?${new URLSearchParams({ file: fileName }).toString()}`;
}

/** The run's log in the log viewer: …/runs/{id}/file?logfile=1. */
export function runLogPath(groupName: string, runId: number): string {
  return `${runPath(groupName, runId, 'file')}?logfile=1`;
}
