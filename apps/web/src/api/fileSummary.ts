/** GET /datasets/files/{id}/summary: counts of a population/plans file or a transit schedule (spec 1 §2.13). */
import { FileSummary } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export function useFileSummary(fileId: number) {
  return useQuery({
    queryKey: [...queryKeys.derivedFiles(fileId), 'summary'],
    queryFn: () => api.get(`/datasets/files/${fileId}/summary`, FileSummary),
    // A file's content never changes under its id: the summary stays true.
    staleTime: Infinity,
    retry: false,
  });
}
