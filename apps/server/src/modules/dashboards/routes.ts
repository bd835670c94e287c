/** /api/v1/datasets/dashboards… and /api/v1/datasets/groups/{groupId}/dashboards: HTTP only (spec 3 §7). */
import { Dashboard, DashboardBody, DashboardCreated, DashboardList, OkAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import type { DashboardsService } from './service.ts';

const tags = ['dashboards'];
const GroupParams = z.object({ groupId: RowId });
/**
 * A dashboard of 200 panels with chart configurations and long texts is larger than the app's 1 MB default;
 * the contract bounds every part (DASHBOARD_LIMITS), this bounds the whole.
 */
export const DASHBOARD_BODY_LIMIT = 8 * 1024 * 1024;

export function dashboardsRoutes(dashboards: DashboardsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/groups/:groupId/dashboards',
      { schema: { tags, summary: "The group's dashboards, oldest first", params: GroupParams, response: { 200: DashboardList, ...errorAnswers(400, 401, 404) } } },
      (request) => dashboards.list(request.actor, request.params.groupId),
    );

    app.get(
      '/datasets/dashboards/:id',
      { schema: { tags, summary: 'One dashboard', params: IdParams, response: { 200: Dashboard, ...errorAnswers(400, 401, 404) } } },
      (request) => dashboards.get(request.actor, request.params.id),
    );

    app.post(
      '/datasets/dashboards',
      {
        schema: {
          tags,
          summary: 'Create a dashboard in a group (duplicate: the copy with name + " Copy", locked false); answers its id',
          body: DashboardBody,
          response: { 200: DashboardCreated, ...errorAnswers(400, 401, 404) },
        },
        bodyLimit: DASHBOARD_BODY_LIMIT,
      },
      (request) => dashboards.create(request.actor, request.body),
    );

    app.put(
      '/datasets/dashboards/:id',
      {
        schema: {
          tags,
          summary: 'Save a dashboard (name, items, variables, options; groupId moves it); 409 when locked',
          params: IdParams,
          body: DashboardBody,
          response: { 200: Dashboard, ...errorAnswers(400, 401, 404, 409) },
        },
        bodyLimit: DASHBOARD_BODY_LIMIT,
      },
      (request) => dashboards.update(request.actor, request.params.id, request.body),
    );

    app.delete(
      '/datasets/dashboards/:id',
      { schema: { tags, summary: 'Delete a dashboard; 409 when locked', params: IdParams, response: { 200: OkAnswer, ...errorAnswers(400, 401, 404, 409) } } },
      async (request) => {
        await dashboards.delete(request.actor, request.params.id);
        return { ok: true as const };
      },
    );

    app.put(
      '/datasets/dashboards/:id/lock',
      { schema: { tags, summary: 'Lock a dashboard (read-only until unlocked)', params: IdParams, response: { 200: Dashboard, ...errorAnswers(400, 401, 404) } } },
      (request) => dashboards.setLocked(request.actor, request.params.id, true),
    );

    app.delete(
      '/datasets/dashboards/:id/lock',
      { schema: { tags, summary: 'Unlock a dashboard', params: IdParams, response: { 200: Dashboard, ...errorAnswers(400, 401, 404) } } },
      (request) => dashboards.setLocked(request.actor, request.params.id, false),
    );
  };
}
