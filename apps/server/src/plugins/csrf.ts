/**
 * Cross-site request forgery guard. Browsers send Origin on every cross-origin POST (and on same-origin ones in
 * current versions) and `Sec-Fetch-Site` on every request; a state-changing request whose Origin is not our own,
 * or that the browser marks as coming from another site, is refused. Requests without either header (curl,
 * server-to-server, scripts with an API key as `Authorization: Bearer`) carry no ambient browser cookies worth
 * forging and pass; a cookie request from a browser meets every check. State-changing means an unsafe
 * method, or a GET route marked `config: { stateChanging: true }` (sign-out).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (GET /accounts/logout): guarded like a POST. */
    stateChanging?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sec-Fetch-Site values of requests another site made; "same-site" is a sibling origin, not ours either. */
const FOREIGN_SITES = new Set(['cross-site', 'same-site']);
export const CROSS_ORIGIN_REJECTED = 'Cross-origin request rejected.';

export function registerCsrfGuard(app: FastifyInstance, publicUrl: URL | null): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method) && !request.routeOptions.config?.stateChanging) return;
    if (isForeign(request, publicUrl)) return sendError(reply, 403, CROSS_ORIGIN_REJECTED);
  });
}

function isForeign(request: FastifyRequest, publicUrl: URL | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && FOREIGN_SITES.has(site)) return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== ownOrigin(request, publicUrl);
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
