/** GET /datasets/run/{id}/config: the configuration a run was scheduled with. HTTP only. */
import { RunConfigAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { RunConfigService } from './service.ts';

export function runConfigRoutes(service: RunConfigService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/run/:id/config',
      {
        schema: {
          tags: ['runs'],
          summary:
            "The config the run was scheduled with: its job's config file with the job's --config:module.param=value program arguments applied; " +
            'for a run without a job its output_config.xml; source and config null when there is none, config null when the file does not read',
          params: IdParams,
          response: { 200: RunConfigAnswer, ...errorAnswers(401, 404) },
        },
      },
      (request) => service.get(request.actor, request.params.id),
    );
  };
}
