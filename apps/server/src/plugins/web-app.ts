/**
 * Serves the built single-page app. Unknown GETs outside /api and /docs get index.html so that client-side
 * routes like /alice/runs survive a reload; everything else that is unknown is a JSON 404.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

export const NOT_BUILT = 'Web app not built: run npm run build:web';

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  // Decided once at start: building the web app while the server runs needs a restart to be picked up.
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      setHeaders(reply, filePath) {
        // Vite puts content hashes into every name under assets/, so those never change; the rest may.
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsAppPage(request)) {
      return sendError(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found.`);
    }
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(`${NOT_BUILT}\n`);
    // Read per request (it is small) so a rebuilt app never pairs an old index.html with new asset names.
    const html = await readFile(path.join(webDist, 'index.html'));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

function wantsAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0]!;
  if (/^\/(api|docs)(\/|$)/.test(pathname)) return false;
  // A missing /assets/x.js must stay a 404: answering HTML there breaks the page with a confusing error.
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}
