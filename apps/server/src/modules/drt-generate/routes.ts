/** POST /datasets/editor/dvrp_vehicles/generate and /datasets/editor/dvrp_stops/generate. HTTP only. */
import { GenerateStopsAnswer, GenerateStopsRequest, GenerateVehiclesAnswer, GenerateVehiclesRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientGone } from '../../plugins/client-gone.ts';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { DrtGenerateService } from './service.ts';

const tags = ['network'];
const errors = errorAnswers(400, 401, 404, 409, 413, 429);
/** An area of many points and the editor's existing ids (up to DRT_EXISTING_IDS_MAX) fit. */
const bodyLimit = 8 * 1024 * 1024;
const rules =
  'A link counts when its modes hold the mode and both its end nodes lie inside the area (WGS84). The same request on the same network gives the same ' +
  'answer; ids are 8 hexadecimal characters, unique within the answer and unlike existingIds. 400 "Failed to generate …: <reason>" when it cannot ' +
  'be done, 404 for a network the caller cannot read, 409 while the network is not processed for the map';

export function drtGenerateRoutes(service: DrtGenerateService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/datasets/editor/dvrp_vehicles/generate',
      {
        bodyLimit,
        schema: {
          tags,
          summary: `DRT vehicles placed on links of a mode inside an area (spec 2 §7), spread over the links before any gets a second one. ${rules}`,
          body: GenerateVehiclesRequest,
          response: { 200: GenerateVehiclesAnswer, ...errors },
        },
      },
      async (request, reply) => service.vehicles(request.actor, request.body, clientGone(reply)),
    );

    app.post(
      '/datasets/editor/dvrp_stops/generate',
      {
        bodyLimit,
        schema: {
          tags,
          summary: `DRT stops on distinct links of a mode inside an area (spec 2 §7), at the link's to-node: coord in the network's CRS, coordinates in WGS84 [lng, lat]. ${rules}`,
          body: GenerateStopsRequest,
          response: { 200: GenerateStopsAnswer, ...errors },
        },
      },
      async (request, reply) => service.stops(request.actor, request.body, clientGone(reply)),
    );
  };
}
