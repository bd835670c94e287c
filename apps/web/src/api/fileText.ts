/** A scenario file's text (compressed files come decompressed), for reading small files such as configs. */
import { useQuery } from '@tanstack/react-query';
import { answerError } from './client.ts';
import { fileUrls } from './files.ts';

async function fileText(fileId: number, signal?: AbortSignal): Promise<string> {
  const response = await fetch(fileUrls.content(fileId), { credentials: 'same-origin', signal });
  const text = await response.text();
  if (!response.ok) throw answerError(response.status, text);
  return text;
}

/** The file's text; nothing is fetched for no file. A failure is not retried: the caller goes on without it. */
export function useFileText(fileId: number | null) {
  return useQuery({
    queryKey: ['fileText', fileId],
    queryFn: ({ signal }) => fileText(fileId!, signal),
    enabled: fileId !== null,
    staleTime: 60_000,
    retry: false,
  });
}
