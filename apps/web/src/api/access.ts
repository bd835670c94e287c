import { AccessEntry } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** Users with access to a dataset (spec 1 §2.11 access). */
export function useDatasetAccess(id: number) {
  return useQuery({
    queryKey: queryKeys.datasetAccess(id),
    queryFn: () => api.get(`/datasets/datasets/${id}/users`, arrayOf(AccessEntry)),
  });
}

function useInvalidateAccess(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.datasetAccess(id) });
}

export function useAddDatasetUser(id: number) {
  const invalidate = useInvalidateAccess(id);
  return useMutation({
    mutationFn: (username: string) => api.post(`/datasets/datasets/${id}/users/`, undefined, { json: { username } }),
    onSuccess: invalidate,
  });
}

export function useRemoveDatasetUser(id: number) {
  const invalidate = useInvalidateAccess(id);
  return useMutation({
    mutationFn: (userId: number) => api.delete(`/datasets/datasets/${id}/users/${userId}`),
    onSuccess: invalidate,
  });
}
