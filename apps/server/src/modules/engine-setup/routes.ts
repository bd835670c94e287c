/** /api/v1/jobs/setup: start the engine download and poll its progress. */
import { EngineDownloadQuery, EngineDownloadStatus } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { EngineSetupService } from './service.ts';

const tags = ['setup'];

export function engineSetupRoutes(engine: EngineSetupService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/jobs/setup',
      {
        schema: {
          tags,
          summary: 'Start downloading a MATSim release (answers at once; poll GET /jobs/setup)',
          querystring: EngineDownloadQuery,
          response: { 202: EngineDownloadStatus, ...errorAnswers(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const status = await engine.start(request.actor, request.query.matsim);
        reply.code(202);
        return status;
      },
    );

    app.get(
      '/jobs/setup',
      {
        schema: {
          tags,
          summary: 'Progress of the engine download',
          response: { 200: EngineDownloadStatus, ...errorAnswers(401, 403) },
        },
      },
      (request) => engine.status(request.actor),
    );
  };
}
