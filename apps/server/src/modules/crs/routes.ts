/** GET /api/v1/datasets/crs?q=: the CRS picker's search (2 or more characters). */
import { Crs, CrsQuery } from '@corridor/contract';
import { searchCrs } from '@corridor/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import { requireUser } from '../../shared/access.ts';

export function crsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/crs',
      {
        schema: {
          tags: ['datasets'],
          summary: 'Coordinate reference systems matching a code or name words',
          querystring: CrsQuery,
          response: { 200: z.array(Crs), ...errorAnswers(400, 401) },
        },
      },
      // Public reference data: the only rule is being signed in, so there is no service of its own.
      (request) => {
        requireUser(request.actor);
        return searchCrs(request.query.q);
      },
    );
  };
}
