/**
 * Cross-site request forgery guard. Browsers send Origin on every cross-origin POST (and on same-origin ones in
 * current versions); a state-changing request whose Origin is not our own is refused. Requests without Origin
 * (curl, server-to-server) carry no ambient browser cookies worth forging and pass.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_ORIGIN_REJECTED = 'Cross-origin request rejected.';

export function registerCsrfGuard(app: FastifyInstance, publicUrl: URL | null): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin !== ownOrigin(request, publicUrl)) return sendError(reply, 403, CROSS_ORIGIN_REJECTED);
  });
}

/** PUBLIC_URL's origin when configured (the server sits behind a proxy), else what this request addressed. */
function ownOrigin(request: FastifyRequest, publicUrl: URL | null): string | null {
  if (publicUrl) return publicUrl.origin;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null; // a Host header that is not a host matches no Origin
  }
}
