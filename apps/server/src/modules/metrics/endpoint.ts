/**
 * GET /metrics: the registry in Prometheus text format, outside /api/v1 (where scrapers look) and hidden from the
 * OpenAPI document like the other non-API routes. Allowed with `Authorization: Bearer <METRICS_TOKEN>` (when the
 * token is configured) or an administrator's session cookie; 401 without either, 403 for other users.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../../plugins/errors.ts';
import { isAdmin, type Actor } from '../../shared/access.ts';
import type { Metrics } from './registry.ts';

export interface MetricsEndpointDeps {
  metrics: Metrics;
  /** METRICS_TOKEN; null: only administrators' sessions. */
  token: string | null;
  /** The signed-in user of the request's session cookie, if any. */
  sessionActor: (request: FastifyRequest) => Promise<Actor | null>;
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
      if (!isToken(request.headers.authorization, deps.token)) {
        const actor = await deps.sessionActor(request);
        if (!actor) return sendError(reply, 401, 'A metrics token or an administrator session is needed.');
        if (!isAdmin(actor)) return sendError(reply, 403, 'Only an administrator can do this.');
      }
      const { registry } = deps.metrics;
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    });
  };
}
