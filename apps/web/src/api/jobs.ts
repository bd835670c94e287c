/** Jobs (spec 3 §2.12): the list for the jobs pages and cancelling one. */
import { Job } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

const JobList = arrayOf(Job);

/** GET /jobs/jobs/list: the jobs the user may see (all jobs for administrators). */
export function useJobs() {
  return useQuery({ queryKey: queryKeys.jobs, queryFn: () => api.get('/jobs/jobs/list', JobList) });
}

/** POST /jobs/jobs/{id}/do?action=cancel; the job lists and runs are stale afterwards. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => api.post(`/jobs/jobs/${jobId}/do`, undefined, { query: { action: 'cancel' } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs });
      await queryClient.invalidateQueries({ queryKey: queryKeys.runs });
    },
  });
}
