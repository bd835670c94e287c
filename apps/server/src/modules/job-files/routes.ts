/** Job files and prespecified files (spec 3 §7 "Job templates"): HTTP only; the rules are in service.ts. */
import { JobFile, JobFilesQuery, PrespecifiedDownloadAnswer, PrespecifiedFile, PrespecifiedKeyParams } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { JobFilesService } from './service.ts';

const tags = ['jobs'];

export function jobFilesRoutes(jobFiles: JobFilesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/files',
      {
        schema: {
          tags,
          summary: 'The job files for job templates (administrators; upload with POST /datasets/files?type=jobfile)',
          querystring: JobFilesQuery,
          response: { 200: z.array(JobFile), ...errorAnswers(400, 401, 403) },
        },
      },
      (request) => jobFiles.list(request.actor),
    );

    app.get(
      '/datasets/prespecified',
      {
        schema: {
          tags,
          summary: 'Prespecified files: the MATSim releases, whether the server has each, and the job file it was copied into',
          response: { 200: z.array(PrespecifiedFile), ...errorAnswers(401, 403) },
        },
      },
      (request) => jobFiles.prespecified(request.actor),
    );

    app.post(
      '/datasets/prespecified/:key/download',
      {
        schema: {
          tags,
          summary: 'Copy a prespecified file into the file store as a job file (once; later calls answer the same id); 409 while the server does not have it',
          params: PrespecifiedKeyParams,
          response: { 200: PrespecifiedDownloadAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      (request) => jobFiles.download(request.actor, request.params.key),
    );
  };
}
