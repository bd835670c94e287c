/** GET /datasets/files/{id}/transit. HTTP only. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream';
import { clientGone } from '../../plugins/client-gone.ts';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { TransitDataService } from './service.ts';

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

export function transitDataRoutes(service: TransitDataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/files/:id/transit',
      {
        schema: {
          tags: ['files'],
          summary:
            'The transit data of a transit schedule for the map editor (contract TransitData): stops with WGS84 [lng, lat] and stop group, ' +
            'transitLines with their routes keyed by id (route stops, network route links, departures). Coordinates from the schedule\'s own ' +
            'coordinateReferenceSystem, else the scenario\'s CRS. Made once per file (the first call waits for it) and kept as the derived file ' +
            'transit-data.json.gz; sent gzip-encoded when the client accepts it. 400 for other files and unreadable schedules, 413 for a file too large',
          params: IdParams,
          response: errorAnswers(400, 401, 404, 413, 429),
        },
      },
      async (request, reply) => {
        const body = await service.get(request.actor, request.params.id, clientGone(reply));
        const raw = reply as FastifyReply;
        raw.header('content-type', 'application/json; charset=utf-8');
        raw.header('cache-control', 'private, no-cache');
        raw.header('vary', 'accept-encoding');
        if (acceptsGzip(request.headers['accept-encoding'])) {
          raw.header('content-encoding', 'gzip');
          raw.header('content-length', body.size);
          return raw.send(body.gzip);
        }
        const gunzip = createGunzip();
        pipeline(body.gzip, gunzip, () => undefined);
        return raw.send(gunzip);
      },
    );
  };
}
