/**
 * Runs: the list, one run with its state (polled every 10 s until it is settled, spec 1 §4), and the run's tables.
 * Shared by the run list, the run pages, the scenario overview and home.
 */
import {
  CreateJobAnswer,
  RunDeletionPreview,
  RunDetails,
  RunLabelsAnswer,
  RunSummary,
  RUN_REFRESH_MS,
  RUN_REFRESH_STOPS_AFTER_MS,
  FINAL_JOB_STATUSES,
  type TableQuery,
  TableQueryAnswer,
  UpdateDatasetAnswer,
  type UpdateDatasetRequest,
} from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** One of the run's tables through the query call; refetched with the run's 10 s refresh until settled. */
export function useRunTable(run: RunDetails, table: string, body: TableQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.runTable(run.id, table),
    queryFn: ({ signal }) => queryTable(run.id, table, body, signal),
    enabled,
    retry: false,
    refetchInterval: runSettled(run) ? false : RUN_REFRESH_MS,
  });
}

/** Refreshes the run, its tables and every run list. */
function useInvalidateRun() {
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.run(id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs });
  };
}

/** POST /datasets/datasets/{id}/do?action=cancel: stop a run (spec 1 §4). */
export function useStopRun(id: number) {
  const invalidate = useInvalidateRun();
  return useMutation({
    mutationFn: () => api.post(`/datasets/datasets/${id}/do`, undefined, { query: { action: 'cancel' } }),
    onSettled: () => invalidate(id),
  });
}

/** POST /datasets/runs/{id}/again: a new run with the same inputs (issue 26); answers its ids. The lists and the old run refresh. */
export function useRunAgain(id: number) {
  const invalidate = useInvalidateRun();
  return useMutation({
    mutationFn: () => api.post(`/datasets/runs/${id}/again`, CreateJobAnswer),
    onSuccess: () => invalidate(id),
  });
}

/** PUT /datasets/datasets/{id} with name, key, description: edit run. */
export function useUpdateRun(id: number) {
  const invalidate = useInvalidateRun();
  return useMutation({
    mutationFn: (request: UpdateDatasetRequest) => api.put(`/datasets/datasets/${id}`, UpdateDatasetAnswer, { json: request }),
    onSuccess: () => invalidate(id),
  });
}

/** PUT /datasets/runs/{id}/labels: the run's whole label list; the run and the run lists refresh. */
export function useSetRunLabels(id: number) {
  const invalidate = useInvalidateRun();
  return useMutation({
    mutationFn: (labels: string[]) => api.put(`/datasets/runs/${id}/labels`, RunLabelsAnswer, { json: { labels } }),
    onSuccess: () => invalidate(id),
  });
}

/** GET /datasets/runs/{id}/deletion: what deleting the run removes and keeps. */
export function useRunDeletion(id: number) {
  return useQuery({
    queryKey: [...queryKeys.run(id), 'deletion'],
    queryFn: () => api.get(`/datasets/runs/${id}/deletion`, RunDeletionPreview),
    retry: false,
  });
}

/** DELETE /datasets/runs/{id}; the run's own queries go away, the lists refresh. */
export function useDeleteRun(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/datasets/runs/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.run(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs });
      void queryClient.invalidateQueries({ queryKey: ['datasets'] });
    },
  });
}
