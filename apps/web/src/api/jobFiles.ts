/**
 * Job files and prespecified files for job templates (spec 3 §2.14, §7): the job file list, uploads with
 * progress (`POST /datasets/files?type=jobfile`) and copying a prespecified file into a job file.
 */
import { JOB_FILE_TYPE, JobFile, PrespecifiedDownloadAnswer, PrespecifiedFile, UploadAnswer, type FileEntry } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { postWithProgress, type ProgressListener } from './upload.ts';

export const jobFileKeys = { jobFiles: ['job-files'] as const, prespecified: ['prespecified-files'] as const };

export function useJobFiles() {
  return useQuery({
    queryKey: jobFileKeys.jobFiles,
    queryFn: ({ signal }) => api.get('/datasets/files', arrayOf(JobFile), { query: { type: JOB_FILE_TYPE }, signal }),
  });
}

export function usePrespecifiedFiles() {
  return useQuery({
    queryKey: jobFileKeys.prespecified,
    queryFn: ({ signal }) => api.get('/datasets/prespecified', arrayOf(PrespecifiedFile), { signal }),
  });
}

/** Uploads one job file; the job file list is refreshed by the caller. */
export async function uploadJobFile(file: File, onProgress: ProgressListener): Promise<FileEntry[]> {
  const form = new FormData();
  form.append('files[]', file, file.name);
  return (await postWithProgress(`/datasets/files?type=${JOB_FILE_TYPE}`, form, UploadAnswer, onProgress)).files;
}

/** Copies a prespecified file into a job file (the server does it once) and answers the job file's id. */
export function useDownloadPrespecified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.post(`/datasets/prespecified/${encodeURIComponent(key)}/download`, PrespecifiedDownloadAnswer),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: jobFileKeys.jobFiles });
      await queryClient.invalidateQueries({ queryKey: jobFileKeys.prespecified });
    },
  });
}
