import { Crs, JobTemplatesAnswer, ScenarioTemplate } from '@corridor/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** CRS search starts at 2 typed characters (spec 1 §5). */
export const CRS_SEARCH_MIN = 2;

export function useScenarioTemplates() {
  return useQuery({
    queryKey: queryKeys.scenarioTemplates,
    queryFn: () => api.get('/datasets/scenario-templates.json', arrayOf(ScenarioTemplate)),
    staleTime: 5 * 60_000,
  });
}

export function useJobTemplates() {
  return useQuery({
    queryKey: queryKeys.jobTemplates,
    queryFn: () => api.get('/jobs/templates', JobTemplatesAnswer),
    staleTime: 60_000,
  });
}

/** CRS matching the text; idle below the minimum length. */
export function useCrsSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: queryKeys.crs(q),
    queryFn: ({ signal }) => api.get('/datasets/crs', arrayOf(Crs), { query: { q }, signal }),
    enabled: q.length >= CRS_SEARCH_MIN,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** The CRS entry of a code (its name for display), looked up through the search. */
export function useCrs(code: string | undefined) {
  const search = useCrsSearch(code ?? '');
  const crs = search.data?.find((entry) => entry.code.toLowerCase() === code?.toLowerCase());
  return { crs, isPending: search.isFetching };
}
