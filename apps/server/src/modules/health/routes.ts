/** Liveness for load balancers and start scripts: answers as soon as the server listens. */
import { OkAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: OkAnswer } } }, () => ({ ok: true as const }));
};
