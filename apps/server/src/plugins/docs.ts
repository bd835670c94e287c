/** OpenAPI document generated from the routes' zod schemas: Swagger UI at /docs, the JSON at /docs/json. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Corridor API',
        description: 'Every error answer is JSON {statusCode, error, message}. Sessions use the corridor_session cookie.',
        version: '1',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'corridor_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
