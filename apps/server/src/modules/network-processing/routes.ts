/** GET /api/v1/datasets/scenarios/{id}/preview.png: HTTP only. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { ScenarioPreviews } from './previews.ts';

export function previewRoutes(previews: ScenarioPreviews): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/scenarios/:id/preview.png',
      {
        schema: {
          tags: ['datasets'],
          summary: "The scenario's network drawn as a PNG (a placeholder without a network)",
          params: IdParams,
          response: errorAnswers(400, 401, 404),
        },
      },
      async (request, reply) => {
        const png = await previews.preview(request.actor, request.params.id);
        // Revalidated on every view: the picture changes when another network is attached.
        return (reply as FastifyReply).type('image/png').header('cache-control', 'private, no-cache').send(png);
      },
    );
  };
}
