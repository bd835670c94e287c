/**
 * GET /datasets/files/{id}/drt: a DRT file's items for the map editor (issue 29; contract `DrtData`) — a fleet's
 * vehicles, a stop file's stops or a service area's polygons, by the kind the file's data type says, coordinates in
 * WGS84. Checked at its top only (the kind and its list): a fleet of ten thousand vehicles is not checked item by
 * item in the browser.
 */
import type { DrtData } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type Schema } from './client.ts';
import { queryKeys } from './queryKeys.ts';

const LIST_OF: Record<DrtData['kind'], string> = { vehicles: 'vehicles', stops: 'stops', serviceArea: 'areas' };

const shallow: Schema<DrtData> = {
  parse(data) {
    const answer = data as { kind?: unknown } | null;
    const list = answer && typeof answer === 'object' && typeof answer.kind === 'string' ? LIST_OF[answer.kind as DrtData['kind']] : undefined;
    if (!list || !Array.isArray((answer as Record<string, unknown>)[list])) throw new TypeError('The DRT data is not in the expected form.');
    return answer as DrtData;
  },
};

export function fetchDrtData(fileId: number, signal?: AbortSignal): Promise<DrtData> {
  return api.get(`/datasets/files/${fileId}/drt`, shallow, { signal });
}

/** The DRT data of a file; disabled without a file id. */
export function useDrtData(fileId: number | null | undefined) {
  return useQuery({
    queryKey: [...queryKeys.derivedFiles(fileId ?? -1), 'drt'],
    queryFn: ({ signal }) => fetchDrtData(fileId!, signal),
    enabled: fileId !== undefined && fileId !== null,
    // A file's content never changes under its id.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
