/** Sending stored bytes (files, derived files, system files) the same way from every route. */
import { ExactText } from '@corridor/contract';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';

export interface FileBody {
  stream: Readable;
  contentType: string;
  disposition?: string;
  /** Known when the bytes are sent as stored. */
  size?: number;
  /** The content's version, sent as ETag (a config save sends it back as If-Match). */
  version?: string;
}

/** `?dl=1` (any value but "0" or "false") asks for a download instead of an inline view. */
export const DownloadQuery = z.object({ dl: ExactText().optional() });
export function wantsDownload(query: { dl?: string }): boolean {
  return query.dl !== undefined && query.dl !== '0' && query.dl !== 'false';
}

/** User content from our own origin: never let a browser run it (an XML file can carry XHTML scripts). */
export function sendFile(reply: FastifyReply, body: FileBody) {
  reply.header('content-type', body.contentType);
  if (body.disposition) reply.header('content-disposition', body.disposition);
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  reply.header('cache-control', 'private, no-cache');
  if (body.size !== undefined) reply.header('content-length', body.size);
  if (body.version !== undefined) reply.header('etag', `"${body.version}"`);
  return reply.send(body.stream);
}
