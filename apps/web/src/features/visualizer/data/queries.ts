/** The visualizer's data as TanStack queries: options per run, network geometry, lookup, attributes, analyses. */
import type { LinkVolumeRequest, VisAnalysisName } from '@corridor/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { networkAttributeValues } from '../../../api/network.ts';
import { flowBundle, linkAttribute, linkVolume, networkGeometry, networkLookup, runOptions } from './calls.ts';

const forever = { staleTime: Infinity, retry: false } as const;

export function useRunOptions(runIds: readonly number[]) {
  return useQueries({
    queries: runIds.map((runId) => ({ queryKey: ['visualizer', 'options', runId] as const, queryFn: () => runOptions(runId), ...forever })),
  });
}

export function useNetwork(fileId: number | null | undefined) {
  const enabled = typeof fileId === 'number';
  const geometry = useQuery({ queryKey: ['visualizer', 'network', fileId] as const, queryFn: () => networkGeometry(fileId!), enabled, ...forever });
  const lookup = useQuery({ queryKey: ['visualizer', 'lookup', fileId] as const, queryFn: () => networkLookup(fileId!), enabled, ...forever });
  return { geometry, lookup };
}

/** A link attribute's values per link; a text attribute also its categories (index → value). */
export function useLinkAttribute(fileId: number | null | undefined, name: string | null, text: boolean) {
  const enabled = typeof fileId === 'number' && name !== null;
  const values = useQuery({ queryKey: ['visualizer', 'attribute', fileId, name] as const, queryFn: () => linkAttribute(fileId!, name!), enabled, ...forever });
  const categories = useQuery({
    queryKey: ['visualizer', 'attribute-values', fileId, name] as const,
    queryFn: ({ signal }) => networkAttributeValues(fileId!, name!, signal),
    enabled: enabled && text,
    ...forever,
  });
  return { values, categories };
}

/** A link analysis answer (link id → value); for flow bundle the chosen link's map. Null while not asked. */
export function useLinkAnalysis(runId: number | undefined, name: VisAnalysisName | null, request: LinkVolumeRequest & { linkId?: string }) {
  const enabled = runId !== undefined && name !== null && (name !== 'flow-bundle' || !!request.linkId);
  return useQuery({
    queryKey: ['visualizer', 'analysis', runId, name, request] as const,
    queryFn: async () => {
      const body = { timeFilter: request.timeFilter, filters: request.filters };
      if (name === 'link-volume') return linkVolume(runId!, body);
      const answer = await flowBundle(runId!, { ...body, ids: [request.linkId!] });
      return answer[request.linkId!] ?? {};
    },
    enabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
}
