/**
 * GET /metrics: the registry in Prometheus text format, outside /api/v1 (where scrapers look) and hidden from the
 * OpenAPI document like the other non-API routes. Allowed with `Authorization: Bearer <METRICS_TOKEN>` (when the
 * token is configured), an administrator's API key (`Bearer {apikey}.{secret}`) or an administrator's session
 * cookie; 401 without any of them or with a key that is not valid, 403 for other users.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../../plugins/errors.ts';
import { apiKeyOf, INVALID_API_KEY } from '../../plugins/session.ts';
import { isAdmin, type Actor } from '../../shared/access.ts';
import type { Metrics } from './registry.ts';

/** Who is calling, outside the /api scope (where `request.actor` is not resolved). */
export interface MetricsCallers {
  /** The signed-in user of the request's session cookie, if any. */
  session(request: FastifyRequest): Promise<Actor | null>;
  /** The user of an API key (`{apikey}.{secret}`); null when the key is not valid. */
  apiKey(value: string): Promise<Actor | null>;
}

export interface MetricsEndpointDeps {
  metrics: Metrics;
  /** METRICS_TOKEN; null: only administrators (API key or session). */
  token: string | null;
  callers: MetricsCallers;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests so that neither the length nor the content of the token leaks through timing. */
function isToken(header: string | undefined, token: string | null): boolean {
  const bearer = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  return token !== null && bearer !== undefined && timingSafeEqual(digest(bearer), digest(token));
}

export function metricsEndpoint(deps: MetricsEndpointDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const { authorization } = request.headers;
      if (!isToken(authorization, deps.token)) {
        const key = apiKeyOf(authorization);
        const actor = key === null ? await deps.callers.session(request) : await deps.callers.apiKey(key);
        if (key !== null && !actor) {
          reply.header('www-authenticate', 'Bearer error="invalid_token"');
          return sendError(reply, 401, INVALID_API_KEY);
        }
        if (!actor) return sendError(reply, 401, 'A metrics token, an administrator API key or an administrator session is needed.');
        if (!isAdmin(actor)) return sendError(reply, 403, 'Only an administrator can do this.');
      }
      const { registry } = deps.metrics;
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    });
  };
}
