/**
 * A run's system files (spec 1 §2.17, §7.4): the log, and file contents for the viewer. Deleting an output is the
 * scenario's `useDeleteFile` (files.ts): the same two calls on the run's id.
 */
import { SystemFile } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { answerError, api, apiUrl, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export const sysfileUrls = {
  content: (sysfileId: number) => apiUrl(`/datasets/sysfiles/${sysfileId}`),
  download: (sysfileId: number) => apiUrl(`/datasets/sysfiles/${sysfileId}`, { dl: 1 }),
};

/** The type of the system file that is a run's log. */
export const LOG_SYSFILE_TYPE = 'stdout';

/** GET /datasets/datasets/{id}/sysfiles; the log grows while the run is active, so callers may poll. */
export function useRunSysfiles(runId: number, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: queryKeys.runSysfiles(runId),
    queryFn: () => api.get(`/datasets/datasets/${runId}/sysfiles`, arrayOf(SystemFile)),
    refetchInterval,
  });
}

/** The text of a file or system file as the server shows it inline (compressed text decompressed). */
export async function fetchText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw answerError(response.status, undefined);
  return response.text();
}
