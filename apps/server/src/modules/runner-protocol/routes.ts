/**
 * /api/v1/jobs/runner/…: the runner protocol over HTTP (contract: runner-protocol.ts). Every call is authenticated
 * by the runner token and the caller's address before its body is read; the rules are in service.ts.
 */
import {
  CHUNK_BODY_TYPE,
  ClaimAnswer,
  ClaimRequest,
  HeartbeatAnswer,
  JobFinish,
  JobProgress,
  OkAnswer,
  OUTPUT_BODY_TYPE,
  OutputQuery,
  RUNNER_ID_HEADER,
  RUNNER_PROTOCOL_PREFIX,
  RunnerHeartbeat,
  RunnerHello,
  RunnerWelcome,
  StatsParams,
} from '@corridor/contract';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import { HttpError } from '../../shared/errors.ts';
import type { TokenRow } from './repository.ts';
import type { RunnerProtocolService, RunnerRef } from './service.ts';

const tags = ['runner protocol'];
const base = RUNNER_PROTOCOL_PREFIX;
const ok = { ok: true as const };
/** A log chunk or a stats file; runners send them every few seconds, far smaller than this. */
export const CHUNK_LIMIT = 4 * 1024 * 1024;
const jobCall = errorAnswers(400, 401, 403, 404, 409);

declare module 'fastify' {
  interface FastifyRequest {
    /** The runner token the call was authenticated with (runner protocol routes only). */
    runnerToken: TokenRow | null;
  }
}

export function runnerProtocolRoutes(protocol: RunnerProtocolService): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('runnerToken', null);
    app.addHook('onRequest', async (request) => {
      request.runnerToken = await protocol.authenticate(request.headers.authorization, request.ip);
    });
    const runnerOf = (request: FastifyRequest): Promise<RunnerRef> => {
      const header = request.headers[RUNNER_ID_HEADER];
      return protocol.runner(request.runnerToken!, typeof header === 'string' ? header : undefined);
    };

    app.post(
      `${base}/connect`,
      { schema: { tags, summary: 'A runner connects (or reconnects keeping its id)', body: RunnerHello, response: { 200: RunnerWelcome, ...errorAnswers(400, 401, 403) } } },
      (request) => protocol.connect(request.runnerToken!, request.ip, request.body),
    );

    app.post(
      `${base}/heartbeat`,
      { schema: { tags, summary: 'Heartbeat; answers the jobs to stop', body: RunnerHeartbeat, response: { 200: HeartbeatAnswer, ...errorAnswers(400, 401, 403, 404) } } },
      async (request) => protocol.heartbeat(await runnerOf(request), request.body),
    );

    app.post(
      `${base}/claim`,
      { schema: { tags, summary: 'Claim the oldest queued job that fits (job: null when none)', body: ClaimRequest, response: { 200: ClaimAnswer, ...errorAnswers(400, 401, 403, 404) } } },
      async (request) => protocol.claim(await runnerOf(request), request.body),
    );

    app.get(
      `${base}/jobs/:id/files/:fileId`,
      { schema: { tags, summary: 'The bytes of an input file of a job this runner holds', params: z.object({ id: RowId, fileId: RowId }), response: jobCall } },
      async (request, reply) => {
        return sendFile(reply, await protocol.inputFile(await runnerOf(request), request.params.id, request.params.fileId));
      },
    );

    app.post(
      `${base}/jobs/:id/started`,
      { schema: { tags, summary: 'The job process runs: SUBMITTED → STARTED', params: IdParams, response: { 200: OkAnswer, ...jobCall } } },
      async (request) => {
        await protocol.started(await runnerOf(request), request.params.id);
        return ok;
      },
    );

    app.post(
      `${base}/jobs/:id/progress`,
      { schema: { tags, summary: 'Current iteration and memory readings', params: IdParams, body: JobProgress, response: { 200: OkAnswer, ...jobCall } } },
      async (request) => {
        await protocol.progress(await runnerOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.post(
      `${base}/jobs/:id/finish`,
      { schema: { tags, summary: 'The job ended: FINISHED, FAILED or CANCELLED', params: IdParams, body: JobFinish, response: { 200: OkAnswer, ...jobCall } } },
      async (request) => {
        await protocol.finish(await runnerOf(request), request.params.id, request.body);
        return ok;
      },
    );

    await app.register(async (chunks) => bufferedBodies(chunks, protocol, runnerOf));
    await app.register(async (streams) => streamedBodies(streams, protocol, runnerOf));
  };
}

/** Log chunks (text/plain or application/octet-stream) and stats files (text/csv), read whole up to CHUNK_LIMIT. */
function bufferedBodies(app: FastifyInstance, protocol: RunnerProtocolService, runnerOf: (r: FastifyRequest) => Promise<RunnerRef>): void {
  const typed = acceptChunks(app);

  typed.post(
    `${base}/jobs/:id/log`,
    { bodyLimit: CHUNK_LIMIT, schema: { tags, summary: 'Append to the run log (text/plain or application/octet-stream)', params: IdParams, response: { 200: OkAnswer, ...jobCall } } },
    async (request) => {
      await protocol.log(await runnerOf(request), request.params.id, asBuffer(request.body));
      return ok;
    },
  );

  typed.put(
    `${base}/jobs/:id/stats/:name`,
    {
      bodyLimit: CHUNK_LIMIT,
      schema: { tags, summary: "Replace the run's scoreStats/modeStats table from scorestats.csv/modestats.csv (text/csv)", params: StatsParams, response: { 200: OkAnswer, ...jobCall } },
    },
    async (request) => {
      await protocol.stats(await runnerOf(request), request.params.id, request.params.name, asBuffer(request.body));
      return ok;
    },
  );
}

/** Output files (application/octet-stream) stream into the blob store; the upload limit is the blob store's. */
function streamedBodies(app: FastifyInstance, protocol: RunnerProtocolService, runnerOf: (r: FastifyRequest) => Promise<RunnerRef>): void {
  const typed = acceptStreams(app);

  typed.post(
    `${base}/jobs/:id/outputs`,
    {
      schema: {
        tags,
        summary: 'One output file (application/octet-stream; path relative to the output directory); it appears in the run once complete',
        params: IdParams,
        querystring: OutputQuery,
        response: { 200: z.object({ fileId: z.number().int() }), ...jobCall, ...errorAnswers(413) },
      },
    },
    async (request) => {
      const body = request.body as AsyncIterable<Uint8Array> | undefined;
      return protocol.output(await runnerOf(request), request.params.id, request.query.path, body ?? []);
    },
  );
}

/**
 * In this (encapsulated) scope: log chunks and stats files (text/plain, text/csv, octet-stream) read whole up to
 * CHUNK_LIMIT; any other body (JSON, a form) is a 415 that says what to send.
 */
export function acceptChunks(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.removeAllContentTypeParsers();
  typed.addContentTypeParser(['text/plain', 'text/csv', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: CHUNK_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  typed.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, CHUNK_BODY_TYPE)));
  return typed;
}

/**
 * In this (encapsulated) scope: application/octet-stream bodies arrive as the request stream (output files); any
 * other body is a 415 (issue 23: a JSON body was parsed and then failed as a stream, a 500).
 */
export function acceptStreams(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.removeAllContentTypeParsers();
  typed.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  typed.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, OUTPUT_BODY_TYPE)));
  return typed;
}

function sendFile(reply: FastifyReply, file: { stream: Readable; size: number }) {
  reply.header('content-type', 'application/octet-stream');
  reply.header('content-length', file.size);
  return reply.send(file.stream);
}

export function asBuffer(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  return Buffer.alloc(0);
}
