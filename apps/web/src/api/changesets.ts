import { Changeset } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export function useChangesets(scenarioId: number) {
  return useQuery({
    queryKey: queryKeys.changesets(scenarioId),
    queryFn: () => api.get(`/datasets/datasets/${scenarioId}/changesets`, arrayOf(Changeset)),
  });
}

function useInvalidateChangesets(scenarioId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.changesets(scenarioId) });
}

export function useRenameChangeset(scenarioId: number) {
  const invalidate = useInvalidateChangesets(scenarioId);
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.put(`/datasets/datasets/${scenarioId}/changesets/${id}`, undefined, { json: { name } }),
    onSuccess: invalidate,
  });
}

export function useDeleteChangeset(scenarioId: number) {
  const invalidate = useInvalidateChangesets(scenarioId);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/datasets/datasets/${scenarioId}/changesets/${id}`),
    onSuccess: invalidate,
  });
}
