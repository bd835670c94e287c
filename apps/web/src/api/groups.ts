import { GroupFindAnswer } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
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
