/**
 * One log line per answered request, in place of Fastify's two ("incoming request", "request completed"). What a
 * machine asks over and over — a runner's claim polls, heartbeats, progress and log reports, health checks, metric
 * scrapes and the web app's static files — is logged at debug, so the info log holds what people did (issue 25:
 * 2,568 poll lines in 47 minutes). An answer of 500 or more is never demoted. Failures an operator must see are
 * logged at warn where they happen (failed runs, failed post-processing, refused sign-in bursts, lost runners).
 */
import { API_PREFIX, RUNNER_PROTOCOL_PREFIX } from '@corridor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const RUNNER = `${API_PREFIX}${RUNNER_PROTOCOL_PREFIX}/`;
/** The runner calls that change what a user sees are kept at info: a runner connecting, a job starting or ending. */
const RUNNER_EVENTS = /\/(connect|started|finish)$/;
const HEALTH = `${API_PREFIX}/health`;

export type RequestLogLevel = 'debug' | 'info';

/** Pure: the level of a request's line, from its path (without query) and the answer's status. */
export function requestLogLevel(method: string, path: string, status: number): RequestLogLevel {
  if (status >= 500) return 'info';
  if (path.startsWith(RUNNER)) return RUNNER_EVENTS.test(path) ? 'info' : 'debug';
  if (path === HEALTH || path === '/metrics') return 'debug';
  // The web app's files: its hashed assets and the few files at the top (favicon, index.html for each page load).
  if ((method === 'GET' || method === 'HEAD') && !path.startsWith(`${API_PREFIX}/`) && !path.startsWith('/docs')) return 'debug';
  return 'info';
}

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** Needs Fastify's own request lines off (`logController: new LogController({ disableRequestLogging: true })`). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const level = requestLogLevel(request.method, pathOf(request), reply.statusCode);
    // Who asked (issue 26): the signed-in user's id and how (session or API key); absent when anonymous.
    const actor = request.actor;
    request.log[level](
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
        ...(actor ? { userId: actor.userId, via: actor.via } : {}),
      },
      'request completed',
    );
  });
}
