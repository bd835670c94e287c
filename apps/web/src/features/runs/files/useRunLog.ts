import { ACTIVE_JOB_STATUSES, matsimLogFile, RUN_REFRESH_MS, type RunDetails } from '@corridor/contract';
import { LOG_SYSFILE_TYPE, useRunSysfiles } from '../../../api/runFiles.ts';

/**
 * The run's log system file (type stdout); its size is polled while the run is active. Without one (an imported run,
 * issue 26), `fileLog` is MATSim's logfile.log among the run's files, shown as the log instead.
 */
export function useRunLog(run: Pick<RunDetails, 'id' | 'status' | 'files'>) {
  const active = run.status !== null && ACTIVE_JOB_STATUSES.includes(run.status);
  const sysfiles = useRunSysfiles(run.id, active ? RUN_REFRESH_MS : false);
  const log = sysfiles.data?.find((file) => file.type === LOG_SYSFILE_TYPE);
  const fileLog = log ? undefined : (matsimLogFile(run.files) ?? undefined);
  return { sysfiles, log, fileLog, active };
}
