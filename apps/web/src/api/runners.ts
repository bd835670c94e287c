/** Runner tokens and the runners connected with them (spec 3 §2.9, issue 26). */
import { CreatedRunnerToken, OnlineRunner, RunnerToken } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** The runners page refreshes its tables every 10 seconds. */
export const RUNNERS_REFRESH_MS = 10_000;

/** POST /jobs/runners and PUT /jobs/runners/{id} (CreateRunnerTokenRequest of the contract). */
export interface NewRunnerToken {
  description: string;
  ipv4range: string;
  ipv6range: string;
}

/** Tokens with their runners and resources: administrators only (403 for everyone else, so not asked then). */
export function useRunnerTokens(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.runners,
    queryFn: () => api.get('/jobs/runners/list', arrayOf(RunnerToken)),
    refetchInterval: RUNNERS_REFRESH_MS,
    enabled,
  });
}

/** The runners online now, for everyone signed in. */
export function useOnlineRunners(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.runners, 'online'],
    queryFn: () => api.get('/jobs/runners/online', arrayOf(OnlineRunner)),
    refetchInterval: RUNNERS_REFRESH_MS,
    enabled,
  });
}

/** Adds a token; the answer holds its secret, the only time it is shown. */
export function useAddRunnerToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: NewRunnerToken) => api.post('/jobs/runners', CreatedRunnerToken, { json: token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.runners }),
  });
}

export function useUpdateRunnerToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...token }: NewRunnerToken & { id: number }) => api.put(`/jobs/runners/${id}`, RunnerToken, { json: token }),
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
