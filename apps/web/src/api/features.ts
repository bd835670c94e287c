import { DEFAULT_FEATURES, Features, PRODUCT } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export function useFeaturesQuery() {
  return useQuery({
    queryKey: queryKeys.featuresEnabled,
    queryFn: () => api.get(`/${PRODUCT}/features/enabled`, Features),
    staleTime: 60_000,
  });
}

/** The enabled feature flags; the defaults stand in while loading or when the call fails. */
export function useFeatures(): Features {
  return useFeaturesQuery().data ?? DEFAULT_FEATURES;
}
