/** System information, the help page's config info and the metrics dashboard's calls (spec 3 §2.17, §2.18, §7). */
import {
  ConfigInfo,
  Meter,
  MeterValue,
  MetricPreset,
  SaveMetricPresetAnswer,
  SysInfo,
  type MetricPresetRequest,
} from '@corridor/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';

export const systemKeys = {
  sysInfo: ['sysinfo'] as const,
  config: ['sysinfo', 'config'] as const,
  meters: ['metrics', 'meters'] as const,
  values: (id: number, minutes: number) => ['metrics', 'values', id, minutes] as const,
  presets: ['metrics', 'presets'] as const,
};

/** Sampled values arrive every minute; the chart asks again as often. */
const VALUES_REFRESH_MS = 60_000;

export function useSysInfo() {
  return useQuery({ queryKey: systemKeys.sysInfo, queryFn: () => api.get('/sysinfo/sysinfo', SysInfo) });
}

export function useConfigInfo() {
  return useQuery({ queryKey: systemKeys.config, queryFn: () => api.get('/sysinfo/config', ConfigInfo), staleTime: Infinity });
}

export function useMeters() {
  return useQuery({ queryKey: systemKeys.meters, queryFn: () => api.get('/metrics/meters', arrayOf(Meter)), refetchInterval: VALUES_REFRESH_MS });
}

/** The values of each chosen meter over the last `minutes`, in the order of `ids`. */
export function useMeterValues(ids: readonly number[], minutes: number) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: systemKeys.values(id, minutes),
      queryFn: () => {
        const to = new Date();
        const from = new Date(to.getTime() - minutes * 60_000);
        return api.get(`/metrics/meters/${id}/values`, arrayOf(MeterValue), { query: { from: from.toISOString(), to: to.toISOString() } });
      },
      refetchInterval: VALUES_REFRESH_MS,
    })),
  });
}

export function useMetricPresets() {
  return useQuery({ queryKey: systemKeys.presets, queryFn: () => api.get('/metrics/charts', arrayOf(MetricPreset)) });
}

export function useSaveMetricPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preset: MetricPresetRequest) => api.post('/metrics/charts', SaveMetricPresetAnswer, { json: preset }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.presets }),
  });
}

export function useDeleteMetricPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/metrics/charts/${id}`),
    // Also after a failure: a preset deleted elsewhere (404) leaves the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.presets }),
  });
}
