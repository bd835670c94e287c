import { ACTIVE_JOB_STATUSES, type Job } from '@corridor/contract';

/** The run's log viewer, "/{group}/runs/{id}/file?logfile=1"; null when the run is gone. */
export function jobLogPath(job: Pick<Job, 'url'>): string | null {
  return job.url ? `${job.url.replace(/\/$/, '')}/file?logfile=1` : null;
}

/** CREATED, SUBMITTED and STARTED jobs can be cancelled (spec 3 §4), but not one executing outside Corridor (issue 17). */
export function canCancel(job: Pick<Job, 'jobStatus' | 'external'>): boolean {
  return !job.external && ACTIVE_JOB_STATUSES.includes(job.jobStatus);
}
