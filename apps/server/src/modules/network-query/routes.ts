/**
 * POST /datasets/network/{fileId}/query, GET /datasets/network/{fileId}/attributes/{name}/values and
 * GET /datasets/files/{fileId}/d/network-info/info.json: HTTP only.
 */
import { MapStyle, NetworkAttributeValues, NetworkInfo, NetworkQueryRequest, PlainText } from '@corridor/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import { requireUser } from '../../shared/access.ts';
import type { NetworkQueryService } from './service.ts';

const tags = ['network'];
const errors = errorAnswers(400, 401, 404, 409);
const AttributeParams = z.object({ id: RowId, name: PlainText().min(1).max(200) });

/** Aborted when the client closes the connection before the answer is sent: the work stops there. */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.once('close', () => reply.raw.writableFinished || abort.abort());
  return abort.signal;
}

export function networkQueryRoutes(service: NetworkQueryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/datasets/network/:id/query',
      {
        schema: {
          tags,
          summary: 'Nodes and links of a network (GeoJSON) by bbox, link attribute conditions or ids; at most NETWORK_QUERY_MAX_LINKS links',
          params: IdParams,
          body: NetworkQueryRequest,
          response: errors,
        },
      },
      async (request, reply) => {
        // A closed connection stops the work: nothing is computed or sent for a client that went away.
        const answer = await service.query(request.actor, request.params.id, request.body, abortOnClose(reply));
        // Untyped reply, the JSON text as built: tens of thousands of features are not checked against a response schema.
        return (reply as FastifyReply).header('cache-control', 'no-store').type('application/json').send(answer);
      },
    );

    app.get(
      '/datasets/network/:id/attributes/:name/values',
      {
        schema: {
          tags,
          summary: 'The sorted distinct values of a categorical link attribute (modes: the single modes); at most NETWORK_ATTRIBUTE_VALUES_MAX, else truncated',
          params: AttributeParams,
          response: { 200: NetworkAttributeValues, ...errors },
        },
      },
      (request, reply) => service.attributeValues(request.actor, request.params.id, request.params.name, abortOnClose(reply)),
    );

    app.get(
      '/datasets/files/:id/d/network-info/info.json',
      { schema: { tags, summary: "Where the map editor's map starts: centerLat, centerLon, zoom", params: IdParams, response: { 200: NetworkInfo, ...errors } } },
      (request) => service.info(request.actor, request.params.id),
    );
  };
}

/** GET /editor/map-style: the map tile style URLs by theme (MAP_STYLE_URL_LIGHT/_DARK), for signed-in users. */
export function mapStyleRoutes(style: MapStyle): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/editor/map-style',
      { schema: { tags, summary: "The map editor's MapLibre style URLs (light, dark theme); null: a plain background", response: { 200: MapStyle, ...errorAnswers(401) } } },
      (request) => {
        requireUser(request.actor);
        return style;
      },
    );
  };
}
