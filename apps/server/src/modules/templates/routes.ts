/** GET /api/v1/datasets/scenario-templates.json: HTTP only. */
import { ScenarioTemplate } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import { requireUser } from '../../shared/access.ts';
import type { ScenarioTemplates } from './service.ts';

export function templatesRoutes(templates: ScenarioTemplates): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/scenario-templates.json',
      { schema: { tags: ['datasets'], summary: 'Scenario templates for "Create a new scenario"', response: { 200: z.array(ScenarioTemplate), ...errorAnswers(401) } } },
      // The list is the same for everyone; being signed in is the only rule.
      (request) => {
        requireUser(request.actor);
        return templates.list();
      },
    );
  };
}
