/**
 * The runs of the compare page (spec 3 §2.6): each run (GET /datasets/run/{id}, the same cache entry as the run
 * pages) and the configuration it ran with (GET /datasets/run/{id}/config).
 */
import { RunConfigAnswer, RunDetails } from '@corridor/contract';
import { useQueries } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export function useComparedRuns(ids: readonly number[]) {
  const runs = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.run(id),
      queryFn: () => api.get(`/datasets/run/${id}`, RunDetails),
      retry: false,
    })),
  });
  const configs = useQueries({
    queries: ids.map((id) => ({
      queryKey: [...queryKeys.run(id), 'config'],
      queryFn: () => api.get(`/datasets/run/${id}/config`, RunConfigAnswer),
      retry: false,
    })),
  });
  return { runs, configs };
}
