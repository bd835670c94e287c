/** /api/v1/corridor/features… */
import { Features, FeaturesUpdate, PRODUCT } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { FeaturesService } from './service.ts';

const tags = ['features'];

export function featuresRoutes(features: FeaturesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `/${PRODUCT}/features/enabled`,
      { schema: { tags, summary: 'Feature flags of this instance (public)', response: { 200: Features } } },
      () => features.enabled(),
    );

    app.get(
      `/${PRODUCT}/features`,
      { schema: { tags, summary: 'Feature flags (administrators)', response: { 200: Features, ...errorAnswers(401, 403) } } },
      (request) => features.get(request.actor),
    );

    app.put(
      `/${PRODUCT}/features`,
      {
        schema: {
          tags,
          summary: 'Change some feature flags (administrators); answers all flags',
          body: FeaturesUpdate,
          response: { 200: Features, ...errorAnswers(400, 401, 403) },
        },
      },
      (request) => features.update(request.actor, request.body),
    );
  };
}
