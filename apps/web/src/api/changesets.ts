import { Changeset } from '@corridor/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** The scenario's changesets; also fetched outside a component (the map editor opens one by id). */
export function changesetsQuery(scenarioId: number) {
  return queryOptions({
    queryKey: queryKeys.changesets(scenarioId),
    queryFn: () => api.get(`/datasets/datasets/${scenarioId}/changesets`, arrayOf(Changeset)),
  });
}

export function useChangesets(scenarioId: number) {
  return useQuery(changesetsQuery(scenarioId));
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
