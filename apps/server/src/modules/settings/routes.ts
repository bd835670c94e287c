/** /api/v1/corridor/settings: installation settings, administrators only (spec 3 §7 "Features, settings, mail"). */
import { PRODUCT, Settings, SettingsUpdate } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import { requestOrigin } from '../../shared/request-origin.ts';
import type { SettingsService } from './service.ts';

const tags = ['settings'];

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `/${PRODUCT}/settings`,
      {
        schema: {
          tags,
          summary: 'Installation settings (administrators); the SMTP password comes masked',
          response: { 200: Settings, ...errorAnswers(401, 403) },
        },
      },
      (request) => settings.get(request.actor),
    );

    app.put(
      `/${PRODUCT}/settings`,
      {
        schema: {
          tags,
          summary: 'Change some settings (administrators; the mail settings only from a session, 403 with an API key); the masked password keeps the stored one; answers all settings',
          body: SettingsUpdate,
          response: { 200: Settings, ...errorAnswers(400, 401, 403) },
        },
      },
      (request) => settings.update(request.actor, request.body, requestOrigin(request)),
    );
  };
}
