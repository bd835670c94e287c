import {
  CreateDatasetAnswer,
  type CreateDatasetRequest,
  Dataset,
  DatasetSummary,
  MoveDatasetAnswer,
  UpdateDatasetAnswer,
  type UpdateDatasetRequest,
} from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

const ScenarioList = arrayOf(DatasetSummary);

/** Network post-processing is still at work: the overview polls until previews exist. */
const POLL_WHILE_PROCESSING_MS = 3_000;

/** Scenarios of one group, or of all the user's groups without a group id. */
export function useScenarios(groupId?: number) {
  return useQuery({
    queryKey: queryKeys.scenarioList(groupId),
    queryFn: () => api.get('/datasets/scenarios', ScenarioList, { query: { groupId } }),
  });
}

/** attributes.networkPostProcessingJob (spec 1 §3; same statuses as runs, §4). */
export interface NetworkJob {
  status?: string;
  fileId?: number;
  updated?: string;
  /** Why a FAILED job failed. */
  message?: string;
  /** The log of a FAILED job: a derived file of the network file. */
  logFile: string;
}

export function networkJob(dataset: Pick<Dataset, 'attributes'>): NetworkJob | undefined {
  const job = dataset.attributes.networkPostProcessingJob;
  if (!job || typeof job !== 'object') return undefined;
  const field = (name: string) => (job as Record<string, unknown>)[name];
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const id = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    status: text(field('status')),
    fileId: id(field('fileId')),
    updated: text(field('updated')),
    message: text(field('message')),
    logFile: text(field('logFile')) ?? 'network-processing.log',
  };
}

/** The network job is still at work. */
export function isNetworkProcessing(dataset: Pick<Dataset, 'attributes'> | undefined): boolean {
  const status = dataset && networkJob(dataset)?.status;
  return status === 'CREATED' || status === 'STARTED';
}

/** One scenario with its files; polls while its network is being processed so previews appear. */
export function useDataset(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.dataset(id ?? -1),
    queryFn: () => api.get(`/datasets/datasets/${id}`, Dataset),
    enabled: id !== undefined,
    refetchInterval: (query) => (isNetworkProcessing(query.state.data) ? POLL_WHILE_PROCESSING_MS : false),
  });
}

/** The preview image; the modification time in the address lets a new network show at once. */
export function scenarioPreviewUrl(scenario: Pick<DatasetSummary, 'id' | 'modified'>): string {
  return apiUrl(`/datasets/scenarios/${scenario.id}/preview.png`, { v: scenario.modified });
}

/**
 * Refreshes every scenario list and the dataset itself after a change. Not awaited on purpose: a
 * page that moves to a new address (new key, new group, deleted) goes there before the lists
 * answer, instead of showing "not found" for the old address in between.
 */
function useInvalidateScenario() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.scenarios });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.dataset(id) });
  };
}

export function useCreateScenario() {
  const invalidate = useInvalidateScenario();
  return useMutation({
    mutationFn: (request: CreateDatasetRequest) =>
      api.post('/datasets/datasets', CreateDatasetAnswer, { json: request }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateScenario(id: number) {
  const invalidate = useInvalidateScenario();
  return useMutation({
    mutationFn: (request: UpdateDatasetRequest) =>
      api.put(`/datasets/datasets/${id}`, UpdateDatasetAnswer, { json: request }),
    onSuccess: () => invalidate(id),
  });
}

export function useMoveScenario(id: number) {
  const invalidate = useInvalidateScenario();
  return useMutation({
    mutationFn: (newTeam: number) => api.post(`/datasets/datasets/${id}/team`, MoveDatasetAnswer, { json: { newTeam } }),
    onSuccess: () => invalidate(id),
  });
}

export function useDeleteScenario(id: number) {
  const invalidate = useInvalidateScenario();
  return useMutation({
    mutationFn: () => api.delete(`/datasets/datasets/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Relations of a dataset (scenario-run); empty until runs exist. */
export function useRelations(id: number) {
  return useQuery({
    queryKey: queryKeys.relations(id),
    queryFn: () => api.get<unknown[]>(`/datasets/datasets/${id}/relations`),
  });
}
