/**
 * A signal that aborts when the client closes its connection before the answer is sent, so file work it asked for
 * (`workers/processing.ts`) is dropped from the queue or ended. The response's `close` event, not the request's:
 * a request without a body "closes" as soon as it is read; the response closes when it is sent or the socket goes.
 */
import type { FastifyReply } from 'fastify';

export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
