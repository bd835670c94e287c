/**
 * GET /datasets/files/{id}/transit: a transit schedule's stops, lines, routes, route stops, network routes and
 * departures for the map editor (spec 2 §7, issue 28; contract `TransitData`). The server makes it once per file;
 * the first call on a file waits while it is made. The browser receives it gzip-compressed.
 *
 * The answer is checked only at its top (crs, stops, transitLines): checking every stop, route stop and departure
 * of a large schedule (hundreds of thousands of objects) against the schema would cost more than the request.
 */
import type { TransitData } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type Schema } from './client.ts';
import { queryKeys } from './queryKeys.ts';

const shallow: Schema<TransitData> = {
  parse(data) {
    const answer = data as Partial<TransitData> | null;
    if (!answer || typeof answer !== 'object' || !Array.isArray(answer.stops) || !Array.isArray(answer.transitLines) || (answer.crs !== null && typeof answer.crs !== 'string')) {
      throw new TypeError('The transit data is not in the expected form.');
    }
    return answer as TransitData;
  },
};

export function fetchTransitData(fileId: number, signal?: AbortSignal): Promise<TransitData> {
  return api.get(`/datasets/files/${fileId}/transit`, shallow, { signal });
}

/** The transit data of a schedule file; disabled without a file id. */
export function useTransitData(fileId: number | undefined) {
  return useQuery({
    // Under the file's derived files: it is one of them, and refreshed with them.
    queryKey: [...queryKeys.derivedFiles(fileId ?? -1), 'transit'],
    queryFn: ({ signal }) => fetchTransitData(fileId!, signal),
    enabled: fileId !== undefined,
    // A file's content never changes under its id; a large answer is not fetched again on focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
