/**
 * The map editor's network calls (spec 2 §7): the viewport query (abortable, never cached) and the network info.
 * The answer is not checked against its schema: tens of thousands of features would cost more than the request.
 */
import { Changeset, NetworkInfo, type ChangesetBody, type NetworkQueryAnswer, type NetworkQueryRequest } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
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

/** POST …/changesets/ (id -1): the new changeset (its body is what axios-era clients read as `data`). */
export function createChangeset(scenarioId: number, body: ChangesetBody): Promise<Changeset> {
  return api.post(`/datasets/datasets/${scenarioId}/changesets/`, Changeset, { json: body });
}

/** PUT …/changesets/{id}: the changeset as saved, or id -1. */
export function saveChangeset(scenarioId: number, body: ChangesetBody): Promise<Changeset> {
  return api.put(`/datasets/datasets/${scenarioId}/changesets/${body.id}`, Changeset, { json: body });
}
