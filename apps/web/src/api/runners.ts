/** Runner tokens and the runners connected with them (spec 3 §2.9). */
import { RunnerToken } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** The runners page refreshes its tables every 10 seconds. */
export const RUNNERS_REFRESH_MS = 10_000;

/** POST /jobs/runners (CreateRunnerTokenRequest of the contract). */
export interface NewRunnerToken {
  description: string;
  ipv4range: string;
  ipv6range: string;
}

export function useRunnerTokens() {
  return useQuery({
    queryKey: queryKeys.runners,
    queryFn: () => api.get('/jobs/runners/list', arrayOf(RunnerToken)),
    refetchInterval: RUNNERS_REFRESH_MS,
  });
}

export function useAddRunnerToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: NewRunnerToken) => api.post('/jobs/runners', undefined, { json: token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.runners }),
  });
}

export function useDeleteRunnerToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/jobs/runners/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.runners }),
  });
}
