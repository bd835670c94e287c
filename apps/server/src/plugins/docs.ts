/**
 * OpenAPI document generated from the routes' zod schemas and its readers, all served from this server (offline):
 * Swagger UI at /docs and /swagger, ReDoc at /redoc (its standalone bundle from the `redoc` package), the JSON at
 * /docs/json and /swagger-docs.
 */
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

const REDOC_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Corridor API – ReDoc</title>
</head>
<body>
<div id="redoc"></div>
<script src="/redoc/redoc.standalone.js"></script>
<script src="/redoc/init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script: the security policy allows scripts from 'self' only.
const REDOC_INIT = `Redoc.init('/swagger-docs', { hideDownloadButton: false }, document.getElementById('redoc'));\n`;

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
  // The help page's links (spec 3 §2.18): the same Swagger UI under /swagger, the raw document, ReDoc.
  // In a scope of its own: the plugin's decorators may exist only once per scope.
  await app.register(async (scope) => scope.register(swaggerUi, { routePrefix: '/swagger' }));
  const hide = { schema: { hide: true } };
  app.get('/swagger-docs', hide, (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()));
  app.get('/redoc', hide, (_request, reply) => reply.type('text/html; charset=utf-8').send(REDOC_PAGE));
  app.get('/redoc/init.js', hide, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(REDOC_INIT));
  app.get('/redoc/redoc.standalone.js', hide, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/javascript; charset=utf-8').send(createReadStream(REDOC_BUNDLE)),
  );
}
