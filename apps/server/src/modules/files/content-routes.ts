/** File contents: download or show, save a config, derived files, networks as (Geo)JSON. HTTP only. */
import { ConfigSaveConflict, CONFIG_SAVE_STALE, CONFIG_SAVE_VERSION_REQUIRED, DerivedFile, FileHead, FileName, MultilineText, SaveConfigAnswer } from '@corridor/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import { clientGone } from '../../plugins/client-gone.ts';
import { DownloadQuery, sendFile, wantsDownload } from '../../plugins/file-reply.ts';
import type { FileContentService } from './content-service.ts';
import { ANY_VERSION } from './config-save.ts';
import { HttpError } from '../../shared/errors.ts';

const tags = ['files'];
const errors = errorAnswers(400, 401, 403, 404);
/** Config files are small; the largest MATSim writes (output_config.xml) are around 50 KB. */
const CONFIG_BODY_LIMIT = 16 * 1024 * 1024;

export function fileContentRoutes(content: FileContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: CONFIG_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    app.get(
      '/datasets/files/:id',
      {
        schema: {
          tags,
          summary:
            'The file: ?dl=1 downloads it as stored, otherwise it is shown inline (compressed text decompressed and checked first: ' +
            '400 when it is truncated or damaged, 413 when it is too large to show)',
          params: IdParams,
          querystring: DownloadQuery,
          response: { ...errors, ...errorAnswers(413, 429) },
        },
      },
      async (request, reply) => {
        return sendFile(reply, await content.open(request.actor, request.params.id, wantsDownload(request.query), clientGone(reply)));
      },
    );

    app.get(
      '/datasets/files/:id/head',
      {
        schema: {
          tags,
          summary:
            'The beginning of the file as text (decompressed when .gz/.zst; at most 1 MB and 2000 lines, ending at a whole line; complete says whether that is all of it): views of large or compressed files such as output_events.xml.gz',
          params: IdParams,
          response: { 200: FileHead, ...errors, ...errorAnswers(413, 429) },
        },
      },
      (request, reply) => content.head(request.actor, request.params.id, clientGone(reply)),
    );

    app.put(
      '/datasets/files/:id',
      {
        bodyLimit: CONFIG_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'Save a configuration file (body: the XML as text/xml); answers the id of the file now holding the content: the same id, ' +
            'or a new file when a run uses this one (runs keep the file they ran with; every scenario using it gets the new file). ' +
            '400 with the parser message when the XML does not read. If-Match is required: the ETag of GET /datasets/files/{id} ' +
            '(the save is stored only while the file is still at that version, else 409 with where the content is now), or * to ' +
            'save over the newest content; without it 428',
          params: IdParams,
          headers: z.object({ 'if-match': z.string().optional() }),
          body: MultilineText(null),
          response: { 200: SaveConfigAnswer, 409: ConfigSaveConflict, ...errors, ...errorAnswers(428) },
        },
      },
      async (request, reply) => {
        const expected = ifMatchVersion(request.headers['if-match']);
        if (expected === undefined) throw new HttpError(428, CONFIG_SAVE_VERSION_REQUIRED);
        const saved = await content.saveConfig(request.actor, request.params.id, request.body, expected);
        if ('stale' in saved) return reply.code(409).send({ statusCode: 409, error: 'Conflict', message: CONFIG_SAVE_STALE, current: saved.current });
        return reply.header('etag', `"${saved.version}"`).send(saved);
      },
    );

    app.get(
      '/datasets/files/:id/as/:format',
      {
        schema: {
          tags,
          summary: 'A network as JSON (nodes, links) or GeoJSON (links as LineStrings in the file CRS); 413 for very large networks',
          params: z.object({ id: RowId, format: z.enum(['json', 'geojson']) }),
          response: { ...errors, ...errorAnswers(413, 429) },
        },
      },
      async (request, reply) => {
        const body = await content.asJson(request.actor, request.params.id, request.params.format, clientGone(reply));
        // Untyped reply: the answer is built by the converter, not described by a response schema.
        return (reply as FastifyReply).type(request.params.format === 'json' ? 'application/json' : 'application/geo+json').send(body);
      },
    );

    app.get(
      '/datasets/files/:id/d',
      { schema: { tags, summary: 'Derived files of a file (network previews, processing logs)', params: IdParams, response: { 200: z.array(DerivedFile), ...errors } } },
      (request) => content.listDerived(request.actor, request.params.id),
    );

    app.get(
      '/datasets/files/:id/d/:filename',
      { schema: { tags, summary: 'One derived file', params: z.object({ id: RowId, filename: FileName() }), response: errors } },
      async (request, reply) => sendFile(reply, await content.openDerived(request.actor, request.params.id, request.params.filename)),
    );
  };
}

/** The version an If-Match names (`"v"`, `W/"v"`, bare, or `*`: any); undefined without one. */
function ifMatchVersion(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (value === '*') return ANY_VERSION;
  return value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}
