/** /api/v1/datasets/runs/external and /datasets/runs/{id}/external/…: live external runs (contract external-runs.ts). HTTP only. */
import { CreateExternalRunRequest, ExternalRunCreated, ExternalRunFinish, JobProgress, OkAnswer, OutputQuery, StatsParams } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import { acceptChunks, acceptStreams, asBuffer, CHUNK_LIMIT } from '../runner-protocol/routes.ts';
import type { ExternalRunsService } from './service.ts';

const tags = ['external runs'];
const ok = { ok: true as const };
const report = errorAnswers(400, 401, 403, 404, 409);
const base = '/datasets/runs/:id/external';

export function externalRunsRoutes(external: ExternalRunsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/datasets/runs/external',
      {
        schema: {
          tags,
          summary: 'Create a run that executes outside Corridor (STARTED at once); its client then reports log, progress, stats, outputs and its end',
          body: CreateExternalRunRequest,
          response: { 200: ExternalRunCreated, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => external.create(request.actor, request.body),
    );

    app.post(
      `${base}/progress`,
      { schema: { tags, summary: 'Current iteration and memory readings of an external run', params: IdParams, body: JobProgress, response: { 200: OkAnswer, ...report } } },
      async (request) => {
        await external.progress(request.actor, request.params.id, request.body);
        return ok;
      },
    );

    app.post(
      `${base}/finish`,
      { schema: { tags, summary: 'The external run ended: FINISHED (post-processing starts) or FAILED', params: IdParams, body: ExternalRunFinish, response: { 200: OkAnswer, ...report } } },
      async (request) => {
        await external.finish(request.actor, request.params.id, request.body);
        return ok;
      },
    );

    await app.register(async (scope) => {
      const chunks = acceptChunks(scope);
      chunks.post(
        `${base}/log`,
        { bodyLimit: CHUNK_LIMIT, schema: { tags, summary: "Append to the external run's log (text/plain)", params: IdParams, response: { 200: OkAnswer, ...report } } },
        async (request) => {
          await external.log(request.actor, request.params.id, asBuffer(request.body));
          return ok;
        },
      );
      chunks.put(
        `${base}/stats/:name`,
        {
          bodyLimit: CHUNK_LIMIT,
          schema: { tags, summary: "Replace the external run's scoreStats/modeStats from scorestats.csv/modestats.csv (text/csv)", params: StatsParams, response: { 200: OkAnswer, ...report } },
        },
        async (request) => {
          await external.stats(request.actor, request.params.id, request.params.name, asBuffer(request.body));
          return ok;
        },
      );
    });

    await app.register(async (scope) => {
      acceptStreams(scope).post(
        `${base}/outputs`,
        {
          schema: {
            tags,
            summary: 'One output file of the external run (application/octet-stream; path relative to the output directory)',
            params: IdParams,
            querystring: OutputQuery,
            response: { 200: z.object({ fileId: z.number().int() }), ...report, ...errorAnswers(413) },
          },
        },
        async (request) => {
          const body = request.body as AsyncIterable<Uint8Array> | undefined;
          return external.output(request.actor, request.params.id, request.query.path, body ?? []);
        },
      );
    });
  };
}
