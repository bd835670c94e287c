/**
 * Scheduling a run (spec 1 §2.15, §7.4): the scenario's relations (run count, last job), the last job for the
 * prefill, and POST /jobs/jobs.
 */
import { CreateJobAnswer, type CreateJobRequest, Job, Relation } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /datasets/datasets/{id}/relations, typed (scenario-run relations). */
export function useScenarioRuns(scenarioId: number) {
  return useQuery({
    queryKey: queryKeys.relations(scenarioId),
    queryFn: () => api.get(`/datasets/datasets/${scenarioId}/relations`, arrayOf(Relation)),
  });
}

/** GET /jobs/jobs/{id}; disabled without an id. */
export function useJob(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.job(id ?? -1),
    queryFn: () => api.get(`/jobs/jobs/${id}`, Job),
    enabled: id !== null && id !== undefined,
    retry: false,
  });
}

/** POST /jobs/jobs; the run lists and the scenario's relations are stale afterwards. */
export function useCreateJob(scenarioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateJobRequest) => api.post('/jobs/jobs', CreateJobAnswer, { json: request }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs });
      void queryClient.invalidateQueries({ queryKey: queryKeys.relations(scenarioId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs });
    },
  });
}
