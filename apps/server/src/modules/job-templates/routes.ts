/** /api/v1/jobs/templates: HTTP only; the rules are in service.ts. */
import { JobTemplate, JobTemplatesAnswer, OkAnswer, SaveJobTemplateRequest, SetDefaultTemplateRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { JobTemplatesService } from './service.ts';

const tags = ['jobs'];
const ok = { ok: true as const };
const adminErrors = errorAnswers(400, 401, 403, 404);

export function jobTemplatesRoutes(templates: JobTemplatesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/jobs/templates',
      { schema: { tags, summary: 'Job templates and the default one (-1: none)', response: { 200: JobTemplatesAnswer, ...errorAnswers(401) } } },
      (request) => templates.list(request.actor),
    );

    app.post(
      '/jobs/templates',
      {
        schema: {
          tags,
          summary: 'Add a job template (administrators); 400 when the command or a file is not usable',
          body: SaveJobTemplateRequest,
          response: { 200: JobTemplate, ...adminErrors },
        },
      },
      (request) => templates.create(request.actor, request.body),
    );

    app.put(
      '/jobs/templates/:id',
      {
        schema: {
          tags,
          summary: 'Save a job template (administrators)',
          params: IdParams,
          body: SaveJobTemplateRequest,
          response: { 200: JobTemplate, ...adminErrors },
        },
      },
      (request) => templates.update(request.actor, request.params.id, request.body),
    );

    app.delete(
      '/jobs/templates/:id',
      { schema: { tags, summary: 'Delete a job template (administrators); deleting the default leaves none', params: IdParams, response: { 200: OkAnswer, ...adminErrors } } },
      async (request) => {
        await templates.delete(request.actor, request.params.id);
        return ok;
      },
    );

    app.post(
      '/jobs/templates/:id/default',
      {
        schema: {
          tags,
          summary: 'Make the template the default ({default: true}) or clear it ({default: false} on the current default)',
          params: IdParams,
          body: SetDefaultTemplateRequest,
          response: { 200: OkAnswer, ...adminErrors },
        },
      },
      async (request) => {
        await templates.setDefault(request.actor, request.params.id, request.body.default);
        return ok;
      },
    );
  };
}
