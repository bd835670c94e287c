/** GET /datasets/files/{id}/summary. HTTP only. */
import { FileSummary } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientGone } from '../../plugins/client-gone.ts';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { FileSummaryService } from './service.ts';

export function fileSummaryRoutes(service: FileSummaryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/files/:id/summary',
      {
        schema: {
          tags: ['files'],
          summary:
            'A population/plans file (persons, plans, selected plans, activities by type, legs by mode, subpopulations) or a transit schedule ' +
            '(stops, lines, routes, departures, by mode) summarised; computed once and kept as the derived file summary.json; 400 for other files, ' +
            '413 for a file too large to process',
          params: IdParams,
          response: { 200: FileSummary, ...errorAnswers(400, 401, 404, 413, 429) },
        },
      },
      (request, reply) => service.get(request.actor, request.params.id, clientGone(reply)),
    );
  };
}
