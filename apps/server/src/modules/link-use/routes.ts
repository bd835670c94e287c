/** POST /datasets/files/{id}/link-use. HTTP only. */
import { LinkUseAnswer, LinkUseRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientGone } from '../../plugins/client-gone.ts';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { LinkUseService } from './service.ts';

export function linkUseRoutes(service: LinkUseService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/datasets/files/:id/link-use',
      {
        schema: {
          tags: ['files'],
          summary:
            'Which of the given links a population/plans file uses: per used link the activities on it (and of those the ones without ' +
            'coordinates), the plan routes that start, end or pass on it, and up to 3 example persons each (counts over every plan). ' +
            'plans_v4 car routes list nodes: give a link\'s from/to nodes to count them. The index is built once per file (the first call ' +
            'waits for it) and kept as the derived file link-use.json; an empty list only builds it. 400 for other files, 413 for a file too large to index',
          params: IdParams,
          body: LinkUseRequest,
          response: { 200: LinkUseAnswer, ...errorAnswers(400, 401, 404, 413, 429) },
        },
      },
      (request, reply) => service.get(request.actor, request.params.id, request.body.links, clientGone(reply)),
    );
  };
}
