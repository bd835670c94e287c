/**
 * Settings > MATSim Releases (issue 24): the releases on the server (polled while a download runs), download by
 * version, upload of a release zip with progress, delete.
 */
import { EngineDownloadStatus, MatsimReleasesAnswer, MatsimReleaseUploadAnswer, OkAnswer, PRODUCT } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { postWithProgress, type ProgressListener } from './upload.ts';

const path = `/${PRODUCT}/matsim-releases`;
export const matsimReleaseKeys = { list: ['matsim-releases'] as const };
const POLL_MS = 500;

const running = (answer: MatsimReleasesAnswer | undefined) =>
  answer?.download.state === 'downloading' || answer?.download.state === 'verifying';

export function useMatsimReleases() {
  return useQuery({
    queryKey: matsimReleaseKeys.list,
    queryFn: ({ signal }) => api.get(path, MatsimReleasesAnswer, { signal }),
    refetchInterval: (query) => (running(query.state.data) ? POLL_MS : false),
  });
}

export function useMatsimReleaseChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: matsimReleaseKeys.list });
  return {
    download: useMutation({
      mutationFn: (version: string) => api.post(`${path}/download`, EngineDownloadStatus, { query: { version } }),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (version: string) => api.delete(`${path}/${encodeURIComponent(version)}`, OkAnswer), onSettled }),
    refresh: onSettled,
  };
}

/** Uploads one release zip; the list is refreshed by the caller. */
export function uploadMatsimRelease(file: File, onProgress: ProgressListener, signal?: AbortSignal) {
  const form = new FormData();
  form.append('files[]', file, file.name);
  return postWithProgress(path, form, MatsimReleaseUploadAnswer, onProgress, signal);
}
