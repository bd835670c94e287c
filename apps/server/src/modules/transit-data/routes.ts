/** GET /datasets/files/{id}/transit. HTTP only. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientGone } from '../../plugins/client-gone.ts';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import { sendGzipJson } from '../../plugins/gzip-json.ts';
import type { TransitDataService } from './service.ts';

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
      async (request, reply) => sendGzipJson(request, reply as FastifyReply, await service.get(request.actor, request.params.id, clientGone(reply))),
    );
  };
}
