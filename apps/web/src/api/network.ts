/**
 * The map editor's network calls (spec 2 §7): the viewport query (abortable, never cached) and the network info.
 * The answer is not checked against its schema: tens of thousands of features would cost more than the request.
 */
import { Changeset, MapStyle, NetworkAttributeValues, NetworkInfo, type ChangesetBody, type NetworkQueryAnswer, type NetworkQueryRequest } from '@corridor/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api, type Schema } from './client.ts';

const trusted: Schema<NetworkQueryAnswer> = { parse: (data) => data as NetworkQueryAnswer };

export function queryNetwork(fileId: number, request: NetworkQueryRequest, signal?: AbortSignal): Promise<NetworkQueryAnswer> {
  return api.post(`/datasets/network/${fileId}/query`, trusted, { json: request, signal });
}

export function useNetworkInfo(fileId: number | undefined) {
  return useQuery({
    queryKey: ['files', fileId, 'network-info'] as const,
    queryFn: () => api.get(`/datasets/files/${fileId}/d/network-info/info.json`, NetworkInfo),
    enabled: fileId !== undefined,
    retry: false,
  });
}

/** The network info of several files (the visualizer's sources); undefined ids are skipped. */
export function useNetworkInfos(fileIds: readonly (number | null | undefined)[]) {
  return useQueries({
    queries: fileIds.map((fileId) => ({
      queryKey: ['files', fileId, 'network-info'] as const,
      queryFn: () => api.get(`/datasets/files/${fileId}/d/network-info/info.json`, NetworkInfo),
      enabled: typeof fileId === 'number',
      retry: false,
    })),
  });
}

/** The sorted distinct values of a categorical link attribute (for `modes` the single modes), at most 1,000. */
export async function networkAttributeValues(fileId: number, name: string, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.get(`/datasets/network/${fileId}/attributes/${encodeURIComponent(name)}/values`, NetworkAttributeValues, { signal });
  return answer.values;
}

/** The map tile style URLs (light, dark) the server is configured with; null for a plain background. */
export function useMapStyle() {
  return useQuery({ queryKey: ['editor', 'map-style'] as const, queryFn: () => api.get('/editor/map-style', MapStyle), staleTime: Infinity, retry: false });
}

/** POST …/changesets/ (id -1): the new changeset (its body is what axios-era clients read as `data`). */
export function createChangeset(scenarioId: number, body: ChangesetBody): Promise<Changeset> {
  return api.post(`/datasets/datasets/${scenarioId}/changesets/`, Changeset, { json: body });
}

/** PUT …/changesets/{id}: the changeset as saved, or id -1. */
export function saveChangeset(scenarioId: number, body: ChangesetBody): Promise<Changeset> {
  return api.put(`/datasets/datasets/${scenarioId}/changesets/${body.id}`, Changeset, { json: body });
}
