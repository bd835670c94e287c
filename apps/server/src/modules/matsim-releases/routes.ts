/** /api/v1/corridor/matsim-releases: Settings > MATSim Releases (administrators; their API keys too). */
import {
  EngineDownloadStatus,
  MATSIM_RELEASE_UPLOAD_MAX,
  MatsimReleaseDownloadQuery,
  MatsimReleaseParams,
  MatsimReleasesAnswer,
  MatsimReleaseUploadAnswer,
  OkAnswer,
} from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import { multipartFiles } from '../files/upload.ts';
import type { MatsimReleasesService } from './service.ts';

const tags = ['setup'];

export function matsimReleasesRoutes(releases: MatsimReleasesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/corridor/matsim-releases',
      {
        schema: {
          tags,
          summary: "MATSim releases: spec 3's versions and any uploaded, whether each is on the server, its size, the job templates using it, and the download under way",
          response: { 200: MatsimReleasesAnswer, ...errorAnswers(401, 403) },
        },
      },
      (request) => releases.list(request.actor),
    );

    app.post(
      '/corridor/matsim-releases/download',
      {
        schema: {
          tags,
          summary: 'Start downloading a MATSim release (answers at once; its progress comes with GET /corridor/matsim-releases)',
          querystring: MatsimReleaseDownloadQuery,
          response: { 202: EngineDownloadStatus, ...errorAnswers(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const status = await releases.download(request.actor, request.query.version);
        reply.code(202);
        return status;
      },
    );

    app.post(
      '/corridor/matsim-releases',
      {
        schema: {
          tags,
          summary: 'Upload a MATSim release zip (multipart, field files[], one file; matsim-{version}.jar with its libs folder; at most 1 GB)',
          response: { 200: MatsimReleaseUploadAnswer, ...errorAnswers(400, 401, 403, 409, 413) },
        },
      },
      (request) => releases.upload(request.actor, multipartFiles(request, MATSIM_RELEASE_UPLOAD_MAX, 1)),
    );

    app.delete(
      '/corridor/matsim-releases/:version',
      {
        schema: {
          tags,
          summary: 'Delete a MATSim release from the server; 409 while a job template uses it (the message names them)',
          params: MatsimReleaseParams,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await releases.remove(request.actor, request.params.version);
        return { ok: true as const };
      },
    );
  };
}
