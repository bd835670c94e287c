/** The server's file system below the configured root (spec 3 §2.5, §7): GET/POST /datasets/serverfiles. */
import { ServerFilesAnswer, type ServerFilesImportRequest, UploadAnswer } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** One folder's entries (the root when `path` is ''), loaded when it is opened. */
export function useServerFiles(path: string) {
  return useQuery({
    queryKey: ['serverfiles', path],
    queryFn: () => api.get('/datasets/serverfiles', ServerFilesAnswer, { query: path ? { path } : {} }),
    staleTime: 30_000,
  });
}

/** Copies the chosen server files and folders into the file store; answers the new files like an upload. */
export async function importServerFiles(body: ServerFilesImportRequest) {
  const { files } = await api.post('/datasets/serverfiles', UploadAnswer, { json: body });
  return files;
}
