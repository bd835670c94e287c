/** /api/v1/jobs/templates: HTTP only. */
import { JobTemplatesAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { JobTemplatesService } from './service.ts';

export function jobTemplatesRoutes(templates: JobTemplatesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/jobs/templates',
      { schema: { tags: ['jobs'], summary: 'Job templates and the default one (-1: none)', response: { 200: JobTemplatesAnswer, ...errorAnswers(401) } } },
      (request) => templates.list(request.actor),
    );
  };
}
