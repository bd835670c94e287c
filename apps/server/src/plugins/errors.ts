/**
 * Every error leaves the server as JSON `{statusCode, error, message}` (the contract's ErrorAnswer), whether it
 * came from a service, from request validation, from a Fastify limit or from a bug.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../shared/errors.ts';

export const BODY_TOO_LARGE = 'Request body is too large (limit 1 MB).';

export function sendError(reply: FastifyReply, statusCode: number, message: string) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return sendError(reply.headers(err.headers), err.statusCode, err.message);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const details = err.validation.map((issue) => `${where}${issue.instancePath.replace(/\/$/, '')}: ${issue.message}`);
      return sendError(reply, 400, `Invalid request: ${details.join('; ')}`);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, BODY_TOO_LARGE);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported content type, …) have readable messages.
      return sendError(reply, status, err.message);
    }
    request.log.error({ err }, 'request failed');
    // Internals (SQL, paths) stay in the log; the request id lets an operator find them.
    return sendError(reply, 500, `Internal server error (request id ${request.id}).`);
  });
}
