/**
 * Job templates (spec 3 §2.14): save, delete and the default. The list itself is `useJobTemplates` of
 * catalogues.ts (the scenario form's job types use it too), so every change refreshes both.
 */
import { JobTemplate, type JobTemplatesAnswer, type SaveJobTemplateRequest } from '@corridor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export function useSaveJobTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, template }: { id?: number; template: SaveJobTemplateRequest }) =>
      id === undefined
        ? api.post('/jobs/templates', JobTemplate, { json: template })
        : api.put(`/jobs/templates/${id}`, JobTemplate, { json: template }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobTemplates }),
  });
}

export function useDeleteJobTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/jobs/templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobTemplates }),
  });
}

/** Makes a template the default at once in the cached list; the old default comes back if the call fails. */
export function useSetDefaultJobTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/jobs/templates/${id}/default`, undefined, { json: { default: true } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.jobTemplates });
      const previous = queryClient.getQueryData<JobTemplatesAnswer>(queryKeys.jobTemplates);
      if (previous) queryClient.setQueryData<JobTemplatesAnswer>(queryKeys.jobTemplates, { ...previous, defaultJobTemplate: id });
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.jobTemplates, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobTemplates }),
  });
}
