import { Group, GroupFindAnswer } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorStatus } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export function useGroup(name: string) {
  return useQuery({
    queryKey: queryKeys.group(name),
    queryFn: () => api.get('/accounts/groups/find', GroupFindAnswer, { query: { name } }),
    // 401 and 404 are answers, not hiccups: retrying them only delays the message.
    retry: (failureCount, error) => errorStatus(error) >= 500 && failureCount < 2,
  });
}

/** A team with its members (spec 3 §2.7). */
export function useGroupDetail(id: number) {
  return useQuery({
    queryKey: queryKeys.groupDetail(id),
    queryFn: () => api.get(`/accounts/groups/${id}`, Group),
  });
}

/** Creates a team; the session is read again so that its teams list includes it. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/accounts/groups', Group, { json: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

function useInvalidateGroup(id: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.groupDetail(id) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
}

export function useAddGroupMember(id: number) {
  const invalidate = useInvalidateGroup(id);
  return useMutation({
    mutationFn: (username: string) => api.post(`/accounts/groups/${id}/users/`, undefined, { json: { username } }),
    onSuccess: invalidate,
  });
}

export function useRemoveGroupMember(id: number) {
  const invalidate = useInvalidateGroup(id);
  return useMutation({
    mutationFn: (userId: number) => api.delete(`/accounts/groups/${id}/users/${userId}`),
    onSuccess: invalidate,
  });
}
