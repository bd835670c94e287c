/** Charts (spec 3 §7 "Charts"): save with a preview image, read, delete. */
import { ChartAnswer, ChartCreated, type SaveChartBody } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** POST /datasets/charts: chart and preview image (jpeg data URL); resolves with the new id. */
export async function createChart(body: SaveChartBody): Promise<number> {
  const { id } = await api.post('/datasets/charts', ChartCreated, { json: body });
  return id;
}

/** PUT /datasets/charts/{chart}. */
export function saveChart(id: number, body: SaveChartBody): Promise<unknown> {
  return api.put(`/datasets/charts/${id}`, undefined, { json: { ...body, chart: { ...body.chart, id } } });
}

/** GET /datasets/charts/{chart}; disabled without an id (a new chart). */
export function useChart(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.chart(id ?? -1),
    queryFn: () => api.get(`/datasets/charts/${id}`, ChartAnswer),
    enabled: id !== undefined,
  });
}

export function deleteChart(id: number): Promise<unknown> {
  return api.delete(`/datasets/charts/${id}`);
}
