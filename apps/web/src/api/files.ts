import { DerivedFile, type FileEntry, InitFileAnswer, UploadAnswer } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl, arrayOf, errorStatus } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import { postWithProgress, type ProgressListener } from './upload.ts';

export const fileUrls = {
  download: (fileId: number) => apiUrl(`/datasets/files/${fileId}`, { dl: 1 }),
  /** The content itself, e.g. as an image source. */
  content: (fileId: number) => apiUrl(`/datasets/files/${fileId}`),
  derived: (fileId: number, filename: string) =>
    apiUrl(`/datasets/files/${fileId}/d/${encodeURIComponent(filename)}`),
};

/** Uploads one file (multipart `files[]`) and attaches what arrived to the scenario. */
export async function uploadToScenario(
  scenarioId: number,
  file: File,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<FileEntry[]> {
  const form = new FormData();
  form.append('files[]', file, file.name);
  const { files } = await postWithProgress('/datasets/files', form, UploadAnswer, onProgress, signal);
  for (const entry of files) {
    try {
      await api.post(`/datasets/datasets/${scenarioId}/files/${entry.id}`);
    } catch (error) {
      // Refused (a file of that name is in the scenario already): the upload would stay behind unused.
      await api.delete(`/datasets/files/${entry.id}`).catch(() => undefined);
      throw error;
    }
  }
  return files;
}

/** After any change to a scenario's files: its file list and the lists' previews are stale. */
export function useInvalidateScenarioFiles(scenarioId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.dataset(scenarioId) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.scenarios });
  };
}

export function useRenameFile(scenarioId: number) {
  const invalidate = useInvalidateScenarioFiles(scenarioId);
  return useMutation({
    mutationFn: ({ fileId, name }: { fileId: number; name: string }) =>
      api.put(`/datasets/files/${fileId}/meta`, undefined, { json: { name } }),
    onSuccess: invalidate,
  });
}

/** Creates an empty file and attaches it to the scenario. */
export function useCreateEmptyFile(scenarioId: number) {
  const invalidate = useInvalidateScenarioFiles(scenarioId);
  return useMutation({
    mutationFn: async (fileName: string) => {
      const format = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1) : undefined;
      const { id } = await api.put('/datasets/files/init', InitFileAnswer, { query: { fileName, format } });
      await api.post(`/datasets/datasets/${scenarioId}/files/${id}`);
      return id;
    },
    onSuccess: invalidate,
  });
}

/**
 * Detaches the file, then deletes it. A 409 on the second call means other datasets still use the
 * file: for this scenario it is gone all the same.
 */
export function useDeleteFile(scenarioId: number) {
  const invalidate = useInvalidateScenarioFiles(scenarioId);
  return useMutation({
    mutationFn: async (fileId: number) => {
      await api.delete(`/datasets/datasets/${scenarioId}/files/${fileId}`);
      try {
        await api.delete(`/datasets/files/${fileId}`);
      } catch (error) {
        if (errorStatus(error) !== 409) throw error;
      }
    },
    onSuccess: invalidate,
  });
}

/** Derived files of a file (network previews, …); polled while the file is being processed. */
export function useDerivedFiles(fileId: number, processing: boolean) {
  return useQuery({
    // A new key once processing ends fetches the finished list at once.
    queryKey: [...queryKeys.derivedFiles(fileId), processing],
    queryFn: () => api.get(`/datasets/files/${fileId}/d`, arrayOf(DerivedFile)),
    refetchInterval: processing ? 3_000 : false,
  });
}
