/**
 * Errors that services throw to end a request with a status and a message the UI may show. The Fastify error
 * handler turns them into `{statusCode, error, message}`; services themselves never import Fastify.
 */
import { STATUS_CODES } from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra answer headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You need to sign in.') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
