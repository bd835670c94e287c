/**
 * Dashboards (spec 3 §7 "Dashboards and tables"): the group's list, one dashboard, create/save/delete, lock and
 * unlock, duplicate, and the layout templates (served outside /api/v1).
 */
import {
  Dashboard,
  type DashboardBody,
  DashboardCreated,
  DashboardList,
  DashboardTemplate,
  type DashboardTemplateKey,
} from '@corridor/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answerError, api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /datasets/groups/{groupId}/dashboards. */
export function useDashboards(groupId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.dashboardList(groupId ?? -1),
    queryFn: () => api.get(`/datasets/groups/${groupId}/dashboards`, DashboardList),
    enabled: groupId !== undefined,
  });
}

/** GET /datasets/dashboards/{id}; disabled without an id (the "new" dashboard). */
export function useDashboard(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.dashboard(id ?? -1),
    queryFn: () => api.get(`/datasets/dashboards/${id}`, Dashboard),
    enabled: id !== undefined,
  });
}

/** POST /datasets/dashboards: resolves with the new id. */
export async function createDashboard(body: DashboardBody): Promise<number> {
  const { id } = await api.post('/datasets/dashboards', DashboardCreated, { json: body });
  return id;
}

/** PUT /datasets/dashboards/{id}: the whole editable body (a locked dashboard is refused by the server). */
export function saveDashboard(id: number, body: DashboardBody): Promise<unknown> {
  return api.put(`/datasets/dashboards/${id}`, undefined, { json: { ...body, id } });
}

export function deleteDashboard(id: number): Promise<unknown> {
  return api.delete(`/datasets/dashboards/${id}`);
}

/** PUT /datasets/dashboards/{id}/lock. */
export function lockDashboard(id: number): Promise<unknown> {
  return api.put(`/datasets/dashboards/${id}/lock`);
}

/** DELETE /datasets/dashboards/{id}/lock. */
export function unlockDashboard(id: number): Promise<unknown> {
  return api.delete(`/datasets/dashboards/${id}/lock`);
}

/** The body of a copy: same items, variables and options, name + " Copy", unlocked; no id or dates. */
export function duplicateBody(dashboard: Dashboard): DashboardBody {
  return {
    groupId: dashboard.groupId,
    name: `${dashboard.name} Copy`,
    locked: false,
    items: dashboard.items,
    variables: dashboard.variables,
    options: dashboard.options,
  };
}

/** Duplicates through the create call; resolves with the copy's id. */
export function duplicateDashboard(dashboard: Dashboard): Promise<number> {
  return createDashboard(duplicateBody(dashboard));
}

/** GET /static/dashboard/templates/{key}.json — a static file, not under /api/v1. */
export async function fetchTemplate(key: DashboardTemplateKey, signal?: AbortSignal): Promise<DashboardTemplate> {
  const response = await fetch(`/static/dashboard/templates/${encodeURIComponent(key)}.json`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw answerError(response.status, undefined);
  return DashboardTemplate.parse(await response.json());
}

/** A template by key for a new board (`?template=`); disabled without a key. Templates do not change while the app runs. */
export function useDashboardTemplate(key: DashboardTemplateKey | null) {
  return useQuery({
    queryKey: [...queryKeys.dashboards, 'template', key ?? ''] as const,
    queryFn: ({ signal }) => fetchTemplate(key!, signal),
    enabled: key !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** After any change: the lists and the dashboards themselves are stale. */
export function useInvalidateDashboards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboards });
}
