/**
 * The visualizer's calls (spec 3 §7 "Visualizer"): HTTP only. Binary answers are sent as
 * application/octet-stream with the contract's headers; the large JSON answers (link ids, volumes) unchecked
 * against a response schema, like the map editor's queries.
 */
import {
  AnalysisOptions,
  DataSourceOptions,
  FlowBundleRequest,
  LINK_COUNT_HEADER,
  PlainText,
  TRAJECTORY_HEADERS,
  TrajectoriesRequest,
} from '@corridor/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import { badRequest } from '../../shared/errors.ts';
import type { VisualizerService } from './service.ts';

const tags = ['visualizer'];
const errors = errorAnswers(400, 401, 404, 409);
const NameParams = z.object({ id: RowId, name: PlainText().min(1).max(200) });

function sendBinary(reply: FastifyReply, bytes: Uint8Array, headers: Record<string, string | number>): FastifyReply {
  return reply
    .type('application/octet-stream')
    .header('cache-control', 'no-store')
    .headers(Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])))
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

const sendJson = (reply: FastifyReply, json: string) => reply.header('cache-control', 'no-store').type('application/json').send(json);

/** Either analysis's body: link-volume ignores `ids`, flow-bundle needs them. */
const AnalysisBody = FlowBundleRequest.partial({ ids: true });
export const FLOW_BUNDLE_NEEDS_IDS = 'body/ids: a flow bundle needs the ids of the links to follow.';

export function visualizerRoutes(service: VisualizerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/analysis/:id/options',
      { schema: { tags, summary: "What a data source of this run can show: network attributes and analyses, vehicle attributes, the vehicle data's state", params: IdParams, response: { 200: DataSourceOptions, ...errors } } },
      (request) => service.options(request.actor, request.params.id),
    );

    app.post(
      '/datasets/analysis/:id/trajectories',
      {
        schema: {
          tags,
          summary: "The run's vehicles in a time window, binary (contract visualizer.ts), headers x-total-events, x-first/last-event-time, x-buffer-start/end",
          params: IdParams,
          body: TrajectoriesRequest,
          response: errors,
        },
      },
      async (request, reply) => {
        const answer = await service.trajectories(request.actor, request.params.id, request.body);
        return sendBinary(reply as FastifyReply, answer.bytes, {
          [TRAJECTORY_HEADERS.totalEvents]: answer.totalEvents,
          [TRAJECTORY_HEADERS.firstEvent]: answer.firstEventTime ?? '',
          [TRAJECTORY_HEADERS.lastEvent]: answer.lastEventTime ?? '',
          [TRAJECTORY_HEADERS.bufferStart]: answer.from,
          [TRAJECTORY_HEADERS.bufferEnd]: answer.to,
        });
      },
    );

    app.get(
      '/datasets/analysis/:id/:name/options',
      { schema: { tags, summary: 'The filters and hours of a link analysis (link-volume, flow-bundle)', params: NameParams, response: { 200: AnalysisOptions, ...errors } } },
      (request) => service.analysisOptions(request.actor, request.params.id, request.params.name),
    );

    app.post(
      '/datasets/analysis/:id/:name',
      {
        schema: {
          tags,
          summary: 'A link analysis: link-volume (link id → vehicles) or flow-bundle (selected link id → link id → vehicles); unknown link ids are skipped',
          params: NameParams,
          body: AnalysisBody,
          response: errors,
        },
      },
      async (request, reply) => {
        const { id, name } = request.params;
        await service.analysisOptions(request.actor, id, name); // access, readiness and the name, before the body's shape
        const { ids, ...volume } = request.body;
        if (name === 'flow-bundle' && !ids) throw badRequest(FLOW_BUNDLE_NEEDS_IDS);
        const answer = name === 'flow-bundle' ? await service.flowBundle(request.actor, id, { ...volume, ids: ids! }) : await service.linkVolume(request.actor, id, volume);
        return sendJson(reply as FastifyReply, JSON.stringify(answer));
      },
    );

    app.get(
      '/datasets/network/:id/binary',
      { schema: { tags, summary: 'The network for the map: Float32 per link (from lon, from lat, to lon, to lat), header x-link-count', params: IdParams, response: errors } },
      async (request, reply) => {
        const { bytes, links } = await service.networkBinary(request.actor, request.params.id);
        return sendBinary(reply as FastifyReply, bytes, { [LINK_COUNT_HEADER]: links });
      },
    );

    app.get(
      '/datasets/network/:id/binary/lookup',
      { schema: { tags, summary: 'The link ids in the order of the binary network (JSON array)', params: IdParams, response: errors } },
      async (request, reply) => sendJson(reply as FastifyReply, await service.networkLookup(request.actor, request.params.id)),
    );

    app.get(
      '/datasets/files/:id/binary-network-attributes/:name',
      {
        schema: {
          tags,
          summary: 'A link attribute as Float32 per link (binary network order): the number, or a text value as its index in the sorted distinct values; NaN: none',
          params: NameParams,
          response: errors,
        },
      },
      async (request, reply) => {
        const bytes = await service.networkAttribute(request.actor, request.params.id, request.params.name);
        return sendBinary(reply as FastifyReply, bytes, { [LINK_COUNT_HEADER]: bytes.byteLength / 4 });
      },
    );
  };
}
