/**
 * Sends JSON kept as gzip bytes (a derived file such as transit-data.json.gz or drt-data.json.gz) as it is stored
 * when the client takes gzip, else unpacked on the way out.
 */
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Stored gzip bytes of a JSON answer, as a stream, with their size. */
export interface GzipJsonBody {
  gzip: Readable;
  size: number;
}

/** A body of gzip bytes just made. */
export const gzipJsonBody = (bytes: Uint8Array): GzipJsonBody => ({ gzip: Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), size: bytes.byteLength });

/** Whether the request's Accept-Encoding takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip' && coding?.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export function sendGzipJson(request: FastifyRequest, reply: FastifyReply, body: GzipJsonBody) {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'accept-encoding');
  if (acceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    reply.header('content-length', body.size);
    return reply.send(body.gzip);
  }
  const gunzip = createGunzip();
  pipeline(body.gzip, gunzip, () => undefined);
  return reply.send(gunzip);
}
