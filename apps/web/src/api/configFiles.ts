/** A config file's text for the configuration editor, and saving it (PUT /datasets/files/{id}). */
import { ConfigSaveConflict, SaveConfigAnswer } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import { readFileText, type FileText } from './fileText.ts';

/** The text and the version it has (see fileText.ts). */
export type ConfigText = FileText;
export type FileVersion = SaveConfigAnswer;

/** The file's text, read once per editor: refetching would not replace what the editor holds. */
export function useConfigText(fileId: number) {
  return useQuery({
    queryKey: ['configText', fileId],
    queryFn: ({ signal }) => readFileText(fileId, signal),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** A save refused because someone else saved since the text was opened; `current`: where their content is (null: gone). */
export class StaleConfigSave extends Error {
  constructor(
    message: string,
    readonly current: FileVersion | null,
  ) {
    super(message);
    this.name = 'StaleConfigSave';
  }
}

/**
 * Saves the text over the given version of the file; answers the file now holding it — a new one when the server
 * had to copy the file because a run uses it — and its version. Rejects with StaleConfigSave when that version is
 * no longer the file's.
 */
export async function saveConfigText(target: { id: number; version: string | null }, text: string): Promise<FileVersion> {
  const headers = target.version === null ? undefined : { 'If-Match': `"${target.version}"` };
  try {
    return await api.put(`/datasets/files/${target.id}`, SaveConfigAnswer, { text, headers });
  } catch (error) {
    const conflict = error instanceof ApiError && error.status === 409 ? ConfigSaveConflict.safeParse(error.body) : undefined;
    if (conflict?.success) throw new StaleConfigSave(conflict.data.message, conflict.data.current);
    throw error;
  }
}
