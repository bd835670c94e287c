/** A scenario file's text (compressed files come decompressed), for reading small files such as configs. */
import { useQuery } from '@tanstack/react-query';
import { answerError } from './client.ts';
import { fileUrls } from './files.ts';

/** The text and the version it has (the ETag: a save sends it back, so saving over someone else's save is refused). */
export interface FileText {
  text: string;
  version: string | null;
}

/** The file as text, with its version. */
export async function readFileText(fileId: number, signal?: AbortSignal): Promise<FileText> {
  const response = await fetch(fileUrls.content(fileId), { credentials: 'same-origin', signal });
  const text = await response.text();
  if (!response.ok) throw answerError(response.status, text);
  const etag = response.headers.get('etag');
  return { text, version: etag ? etag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') : null };
}

/** The file's text; nothing is fetched for no file. A failure is not retried: the caller goes on without it. */
export function useFileText(fileId: number | null) {
  return useQuery({
    queryKey: ['fileText', fileId],
    queryFn: async ({ signal }) => (await readFileText(fileId!, signal)).text,
    enabled: fileId !== null,
    staleTime: 60_000,
    retry: false,
  });
}
