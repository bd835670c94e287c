import { ACTIVE_JOB_STATUSES, RUN_REFRESH_MS, type RunDetails } from '@corridor/contract';
import { LOG_SYSFILE_TYPE, useRunSysfiles } from '../../../api/runFiles.ts';

/** The run's log system file (type stdout); its size is polled while the run is active. */
export function useRunLog(run: Pick<RunDetails, 'id' | 'status'>) {
  const active = run.status !== null && ACTIVE_JOB_STATUSES.includes(run.status);
  const sysfiles = useRunSysfiles(run.id, active ? RUN_REFRESH_MS : false);
  const log = sysfiles.data?.find((file) => file.type === LOG_SYSFILE_TYPE);
  return { sysfiles, log, active };
}
