/**
 * OpenAPI document generated from the routes' zod schemas and its readers, all served from this server (offline):
 * Swagger UI at /docs and /swagger, ReDoc at /redoc (its standalone bundle from the `redoc` package), the JSON at
 * /docs/json and /swagger-docs.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ConfigEntryJson } from '@corridor/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
/** The only address the bundle loads by itself (the "API docs by Redocly" logo): an empty local image instead. */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_SVG = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
let redocBundle: Promise<string> | undefined;
/** The bundle as served (read once): nothing in it reaches outside this server. */
function offlineRedocBundle(): Promise<string> {
  redocBundle ??= readFile(REDOC_BUNDLE, 'utf8').then((code) => code.replaceAll(REDOC_LOGO, EMPTY_SVG));
  return redocBundle;
}

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
  // Recursive schemas are referred to by $ref: named, so that the document's components hold them (ReDoc needs it).
  if (!z.globalRegistry.has(ConfigEntryJson)) z.globalRegistry.add(ConfigEntryJson, { id: 'ConfigEntry' });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Corridor API',
        description:
          'Every error answer is JSON {statusCode, error, message}. A signed-in browser sends the corridor_session cookie; ' +
          'a script sends an API key (My Profile > API Keys) as `Authorization: Bearer {id}.{secret}` — paste the key into ' +
          "Authorize > apiKey to try calls with it. Runners authenticate with their runner token the same way.",
        version: '1',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'corridor_session' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: '{id}.{secret}', description: 'An API key from My Profile > API Keys, sent as `Authorization: Bearer {id}.{secret}`.' },
        },
      },
      // Either scheme for every operation, so Swagger UI's Authorize sends the key with each call it tries.
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    // Puts the schemas that routes refer to by $ref (recursive ones: config entries, browse nodes) into components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  // The help page's links (spec 3 §2.18): the same Swagger UI under /swagger, the raw document, ReDoc.
  // In a scope of its own: the plugin's decorators may exist only once per scope.
  await app.register(async (scope) => scope.register(swaggerUi, { routePrefix: '/swagger' }));
  const hide = { schema: { hide: true } };
  app.get('/swagger-docs', hide, (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()));
  app.get('/redoc', hide, (_request, reply) => reply.type('text/html; charset=utf-8').send(REDOC_PAGE));
  app.get('/redoc/init.js', hide, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(REDOC_INIT));
  app.get('/redoc/redoc.standalone.js', hide, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/javascript; charset=utf-8').send(await offlineRedocBundle()),
  );
}
