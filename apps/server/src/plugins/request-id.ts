/**
 * Request ids: a caller's (or proxy's) X-Request-Id is kept when it looks like an id, so one id follows a
 * request through every log; otherwise a fresh UUID. The id is echoed so a user can quote it in a bug report.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
