/** /api/v1/metrics: sampled meters, their values and the dashboard's presets (administrators). HTTP only. */
import { Meter, MeterValue, MeterValuesQuery, MetricPreset, MetricPresetRequest, OkAnswer, SaveMetricPresetAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { MetricsService } from './service.ts';

const tags = ['metrics'];

export function metricsRoutes(service: MetricsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/metrics/meters',
      { schema: { tags, summary: 'The sampled meters: name and tags (administrators)', response: { 200: z.array(Meter), ...errorAnswers(401, 403) } } },
      (request) => service.meters(request.actor),
    );

    app.get(
      '/metrics/meters/:id/values',
      {
        schema: {
          tags,
          summary: "A meter's values between from and to (ISO date-times; default the last 360 minutes)",
          params: IdParams,
          querystring: MeterValuesQuery,
          response: { 200: z.array(MeterValue), ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => service.values(request.actor, request.params.id, request.query),
    );

    app.get(
      '/metrics/charts',
      { schema: { tags, summary: 'The dashboard presets (administrators)', response: { 200: z.array(MetricPreset), ...errorAnswers(401, 403) } } },
      (request) => service.presets(request.actor),
    );

    app.post(
      '/metrics/charts',
      {
        schema: {
          tags,
          summary: 'Save a preset; one with the same name (any case) is overwritten (overwritten: true)',
          body: MetricPresetRequest,
          response: { 200: SaveMetricPresetAnswer, ...errorAnswers(400, 401, 403) },
        },
      },
      (request) => service.savePreset(request.actor, request.body),
    );

    app.delete(
      '/metrics/charts/:id',
      { schema: { tags, summary: 'Delete a preset (administrators)', params: IdParams, response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404) } } },
      async (request) => {
        await service.deletePreset(request.actor, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
