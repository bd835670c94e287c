/** A config file's text for the configuration editor, and saving it (PUT /datasets/files/{id}). */
import { SaveConfigAnswer } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import { fileUrls } from './files.ts';

/** The file as text (compressed files come decompressed). */
async function fileText(fileId: number, signal?: AbortSignal): Promise<string> {
  const response = await fetch(fileUrls.content(fileId), { credentials: 'same-origin', signal });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text || response.statusText, text);
  return text;
}

/** The file's text, read once per editor: refetching would not replace what the editor holds. */
export function useConfigText(fileId: number) {
  return useQuery({
    queryKey: ['configText', fileId],
    queryFn: ({ signal }) => fileText(fileId, signal),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Saves the text; answers the id of the saved file — a new one when the server had to copy the file because a run uses it. */
export async function saveConfigText(fileId: number, text: string): Promise<number> {
  const { id } = await api.put(`/datasets/files/${fileId}`, SaveConfigAnswer, { text });
  return id;
}
