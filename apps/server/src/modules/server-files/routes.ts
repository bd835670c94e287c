/** /api/v1/datasets/serverfiles: the server's files below the root directory for runs (spec 3 §7). HTTP only. */
import { ServerFilesAnswer, ServerFilesImportRequest, ServerFilesQuery, UploadAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { ServerFilesService } from './service.ts';

const tags = ['files'];
/** 403 while the feature runImportFromServer is off, 409 without a usable root directory. */
const errors = errorAnswers(400, 401, 403, 404, 409);

export function serverFilesRoutes(serverFiles: ServerFilesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/serverfiles',
      {
        schema: {
          tags,
          summary:
            'One folder of the root directory for runs on the server (?path= relative to it; feature runImportFromServer); zips list their entries (attributes.zipContent)',
          querystring: ServerFilesQuery,
          response: { 200: ServerFilesAnswer, ...errors },
        },
      },
      (request) => serverFiles.list(request.actor, request.query.path),
    );

    app.post(
      '/datasets/serverfiles',
      {
        schema: {
          tags,
          summary:
            'Copy files below the root directory for runs into the file store (at most 30 files and folders), sniffed and tagged like uploads; a folder is copied whole (its files named by their path below it, ITERS/ only with includeIters), 413 past the count or bytes of one import',
          body: ServerFilesImportRequest,
          response: { 200: UploadAnswer, ...errors, ...errorAnswers(413) },
        },
      },
      async (request) => ({ files: await serverFiles.import(request.actor, request.body.paths, request.body.folders) }),
    );
  };
}
