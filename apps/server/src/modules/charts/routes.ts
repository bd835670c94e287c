/** /api/v1/datasets/charts… and /api/v1/datasets/groups/{groupId}/charts: HTTP only (spec 3 §7 "Charts"). */
import { ChartAnswer, ChartCreated, ChartList, CHART_LIMITS, OkAnswer, SaveChartBody } from '@corridor/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import type { ChartPicture, ChartsService } from './service.ts';

const tags = ['charts'];
const GroupParams = z.object({ groupId: RowId });
/** The preview data URL may be CHART_LIMITS.previewMaxBytes on its own; the chart beside it is small. */
const CHART_BODY_LIMIT = CHART_LIMITS.previewMaxBytes + 1024 * 1024;

export function chartsRoutes(charts: ChartsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/groups/:groupId/charts',
      { schema: { tags, summary: "The group's charts, oldest first", params: GroupParams, response: { 200: ChartList, ...errorAnswers(400, 401, 404) } } },
      (request) => charts.list(request.actor, request.params.groupId),
    );

    app.post(
      '/datasets/charts',
      {
        schema: {
          tags,
          summary: 'Save a new chart with its preview picture (jpeg or png data URL); answers its id',
          body: SaveChartBody,
          response: { 200: ChartCreated, ...errorAnswers(400, 401, 404) },
        },
        bodyLimit: CHART_BODY_LIMIT,
      },
      (request) => charts.create(request.actor, request.body),
    );

    app.get(
      '/datasets/charts/:id',
      { schema: { tags, summary: 'One chart with the addresses of its pictures', params: IdParams, response: { 200: ChartAnswer, ...errorAnswers(400, 401, 404) } } },
      (request) => charts.get(request.actor, request.params.id),
    );

    app.put(
      '/datasets/charts/:id',
      {
        schema: {
          tags,
          summary: 'Save a chart (and a new preview picture when one is sent)',
          params: IdParams,
          body: SaveChartBody,
          response: { 200: ChartAnswer, ...errorAnswers(400, 401, 404) },
        },
        bodyLimit: CHART_BODY_LIMIT,
      },
      (request) => charts.update(request.actor, request.params.id, request.body),
    );

    app.delete(
      '/datasets/charts/:id',
      { schema: { tags, summary: 'Delete a chart and its pictures', params: IdParams, response: { 200: OkAnswer, ...errorAnswers(400, 401, 404) } } },
      async (request) => {
        await charts.delete(request.actor, request.params.id);
        return { ok: true as const };
      },
    );

    const picture = (which: ChartPicture, summary: string) =>
      app.get(
        `/datasets/charts/:id/${which}.jpg`,
        { schema: { tags, summary, params: IdParams, response: errorAnswers(400, 401, 404) } },
        async (request, reply) => {
          const stream = await charts.picture(request.actor, request.params.id, which);
          // Revalidated on every view: a save replaces the picture under the same address.
          return (reply as FastifyReply).type('image/jpeg').header('cache-control', 'private, no-cache').send(stream);
        },
      );
    picture('preview', 'The chart picture, 500×350 jpeg');
    picture('thumbnail', 'The chart thumbnail, 200×150 jpeg');
  };
}
