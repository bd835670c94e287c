/**
 * Runs: the list, one run with its state (polled every 10 s until it is settled, spec 1 §4), and the run's tables.
 * Shared by the run list, the run pages, the scenario overview and home.
 */
import { RunDetails, RunSummary, RUN_REFRESH_MS, RUN_REFRESH_STOPS_AFTER_MS, FINAL_JOB_STATUSES, type TableQuery, TableQueryAnswer } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

const RunList = arrayOf(RunSummary);

/** Runs of one group, or of all the user's groups without a group id; newest first. */
export function useRuns(groupId?: number) {
  return useQuery({
    queryKey: queryKeys.runList(groupId),
    queryFn: () => api.get('/datasets/runs', RunList, { query: { groupId } }),
  });
}

/**
 * Refresh stops once the run is FAILED, CANCELLED or FINISHED and older than one hour (spec 1 §4, §9). "Older"
 * is measured from the run's last status change.
 */
export function runSettled(run: Pick<RunDetails, 'run'>, now = Date.now()): boolean {
  const status = run.run.status;
  if (!status || !FINAL_JOB_STATUSES.includes(status)) return false;
  return now - Date.parse(run.run.timestamp) > RUN_REFRESH_STOPS_AFTER_MS;
}

/** One run; refreshed every 10 seconds until it is settled. */
export function useRun(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.run(id ?? -1),
    queryFn: () => api.get(`/datasets/run/${id}`, RunDetails),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data && runSettled(query.state.data) ? false : RUN_REFRESH_MS),
  });
}

/** POST /datasets/datasets/{id}/tables/{table}/query, e.g. the overview charts' memory/scoreStats/modeStats. */
export function queryTable(datasetId: number, table: string, body: TableQuery, signal?: AbortSignal) {
  return api.post(`/datasets/datasets/${datasetId}/tables/${encodeURIComponent(table)}/query`, TableQueryAnswer, { json: body, signal });
}
