/** GET /datasets/files/{id}/drt. HTTP only. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientGone } from '../../plugins/client-gone.ts';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import { sendGzipJson } from '../../plugins/gzip-json.ts';
import type { DrtDataService } from './service.ts';

export function drtDataRoutes(service: DrtDataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/files/:id/drt',
      {
        schema: {
          tags: ['files'],
          summary:
            'The DRT data of a file for the map editor (contract DrtData): a dvrp_vehicles_v1 fleet as kind "vehicles", a transit schedule as kind ' +
            '"stops" (its stop facilities only), the .shp part of a shapefile (with the .dbf/.prj of the same name in a scenario using it) or a ' +
            'GeoPackage as kind "serviceArea" (polygon features). Coordinates in WGS84 [lng, lat] from the file\'s own CRS, else the scenario\'s. ' +
            'Made once per file and kept as the derived file drt-data.json.gz; sent gzip-encoded when the client accepts it. 400 for other files ' +
            'and unreadable ones, 413 for a file too large',
          params: IdParams,
          response: errorAnswers(400, 401, 404, 413, 429),
        },
      },
      async (request, reply) => sendGzipJson(request, reply as FastifyReply, await service.get(request.actor, request.params.id, clientGone(reply))),
    );
  };
}
