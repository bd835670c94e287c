/** The visualizer's data as TanStack queries: options per run, network geometry, lookup, attributes, analyses. */
import type { DataSourceOptions, LinkVolumeRequest, VisAnalysisName } from '@corridor/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/client.ts';
import { networkAttributeValues } from '../../../api/network.ts';
import { flowBundle, linkAttribute, linkVolume, networkGeometry, networkLookup, runOptions } from './calls.ts';

const forever = { staleTime: Infinity, retry: false } as const;

/** How often a source's options are asked again while its vehicle data is being prepared. */
export const OPTIONS_POLL_MS = 3000;
/** The network of a run not yet post-processed answers 409: asked again after this delay, for a few minutes. */
export const NOT_READY_RETRY_MS = 3000;
const NOT_READY_RETRIES = 100;

/** Retry only "not processed yet" (409) answers; every other failure shows at once. */
export function retryWhileNotReady(failures: number, error: Error): boolean {
  return error instanceof ApiError && error.status === 409 && failures < NOT_READY_RETRIES;
}

/** Network data: kept forever once loaded, asked again while the server answers 409. */
const network = { staleTime: Infinity, retry: retryWhileNotReady, retryDelay: NOT_READY_RETRY_MS } as const;

export function useRunOptions(runIds: readonly number[]) {
  return useQueries({
    queries: runIds.map((runId) => ({
      queryKey: ['visualizer', 'options', runId] as const,
      queryFn: () => runOptions(runId),
      ...forever,
      // Polled while the vehicle data is PROCESSING; READY, NONE and FAILED are final.
      refetchInterval: (query: { state: { data?: DataSourceOptions } }) => (query.state.data?.vehicleData.status === 'PROCESSING' ? OPTIONS_POLL_MS : false),
    })),
  });
}

export function useNetwork(fileId: number | null | undefined) {
  const enabled = typeof fileId === 'number';
  const geometry = useQuery({ queryKey: ['visualizer', 'network', fileId] as const, queryFn: () => networkGeometry(fileId!), enabled, ...network });
  const lookup = useQuery({ queryKey: ['visualizer', 'lookup', fileId] as const, queryFn: () => networkLookup(fileId!), enabled, ...network });
  return { geometry, lookup };
}

/** A network's link ids alone (the base of a difference: is its network the case's?). */
export function useNetworkLookup(fileId: number | null | undefined) {
  return useQuery({ queryKey: ['visualizer', 'lookup', fileId] as const, queryFn: () => networkLookup(fileId!), enabled: typeof fileId === 'number', ...network });
}

/** A link attribute's values per link; a text attribute also its categories (index → value). */
export function useLinkAttribute(fileId: number | null | undefined, name: string | null, text: boolean) {
  const enabled = typeof fileId === 'number' && name !== null;
  const values = useQuery({ queryKey: ['visualizer', 'attribute', fileId, name] as const, queryFn: () => linkAttribute(fileId!, name!), enabled, ...network });
  const categories = useQuery({
    queryKey: ['visualizer', 'attribute-values', fileId, name] as const,
    queryFn: ({ signal }) => networkAttributeValues(fileId!, name!, signal),
    enabled: enabled && text,
    ...network,
  });
  return { values, categories };
}

/** A link analysis answer (link id → value); for flow bundle the chosen link's map. Null while not asked. */
export function useLinkAnalysis(runId: number | undefined, name: VisAnalysisName | null, request: LinkVolumeRequest & { linkId?: string }) {
  const enabled = runId !== undefined && name !== null && (name !== 'flow-bundle' || !!request.linkId);
  return useQuery({
    queryKey: ['visualizer', 'analysis', runId, name, request] as const,
    // The signal: a page left (or a request no longer watched) aborts the call instead of waiting for it.
    queryFn: async ({ signal }) => {
      const body = { timeFilter: request.timeFilter, filters: request.filters };
      if (name === 'link-volume') return linkVolume(runId!, body, signal);
      const answer = await flowBundle(runId!, { ...body, ids: [request.linkId!] }, signal);
      return answer[request.linkId!] ?? {};
    },
    enabled,
    staleTime: 60_000,
    retry: retryWhileNotReady,
    retryDelay: NOT_READY_RETRY_MS,
    placeholderData: (previous) => previous,
  });
}
