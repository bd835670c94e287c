/** /api/v1/datasets/… for runs: list, run page, deletion, system files (logs). HTTP only. */
import { ExactText, OkAnswer, RunDeletionPreview, RunDetails, RunLabelsAnswer, RunLabelsRequest, RunListQuery, RunSummary, SystemFile } from '@corridor/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DownloadQuery, sendFile, wantsDownload } from '../../plugins/file-reply.ts';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import { contentDisposition } from '../files/content.ts';
import type { RunsService } from './service.ts';
import type { SystemFilesService } from './system-files.ts';

const tags = ['runs'];
const oneDataset = errorAnswers(400, 401, 403, 404);

export interface RunsRoutesDeps {
  runs: RunsService;
  systemFiles: SystemFilesService;
}

export function runsRoutes({ runs, systemFiles }: RunsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/runs',
      {
        schema: {
          tags,
          summary: "Runs of the caller's groups and those shared with them, newest first; ?groupId= for one group (its members and administrators; others 404)",
          querystring: RunListQuery,
          response: { 200: z.array(RunSummary), ...errorAnswers(400, 401, 404) },
        },
      },
      (request) => runs.list(request.actor, request.query.groupId),
    );

    app.get(
      '/datasets/run/:id',
      { schema: { tags, summary: 'A run: its dataset, files, status, scenario and run state', params: IdParams, response: { 200: RunDetails, ...oneDataset } } },
      (request) => runs.get(request.actor, request.params.id),
    );

    app.put(
      '/datasets/runs/:id/labels',
      {
        schema: {
          tags,
          summary: "Set a run's labels (edit right): each 1–40 characters, at most 20, repeats ignoring case dropped; answers the stored labels",
          params: IdParams,
          body: RunLabelsRequest,
          response: { 200: RunLabelsAnswer, ...oneDataset },
        },
      },
      async (request) => ({ labels: await runs.setLabels(request.actor, request.params.id, request.body.labels) }),
    );

    app.get(
      '/datasets/runs/:id/deletion',
      {
        schema: {
          tags,
          summary: 'What deleting the run removes and what it keeps because other datasets use it',
          params: IdParams,
          response: { 200: RunDeletionPreview, ...oneDataset },
        },
      },
      (request) => runs.deletionPreview(request.actor, request.params.id),
    );

    app.delete(
      '/datasets/runs/:id',
      {
        schema: {
          tags,
          summary: 'Delete a run with its series and logs; files other datasets use are kept; 409 while the run is active',
          params: IdParams,
          response: { 200: OkAnswer, ...oneDataset, ...errorAnswers(409) },
        },
      },
      async (request) => {
        await runs.delete(request.actor, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/datasets/datasets/:id/sysfiles',
      { schema: { tags, summary: 'System files of a dataset (type stdout: the log)', params: IdParams, response: { 200: z.array(SystemFile), ...oneDataset } } },
      (request) => systemFiles.list(request.actor, request.params.id),
    );

    app.get(
      '/datasets/sysfiles/:id',
      {
        schema: {
          tags,
          summary: 'A system file as text (as far as it is written); ?dl=1 downloads it',
          params: IdParams,
          querystring: DownloadQuery,
          response: oneDataset,
        },
      },
      async (request, reply) => {
        const file = await systemFiles.open(request.actor, request.params.id);
        return sendFile(reply as FastifyReply, {
          stream: file.stream,
          contentType: 'text/plain; charset=utf-8',
          size: file.size,
          disposition: wantsDownload(request.query) ? contentDisposition('attachment', file.name) : undefined,
        });
      },
    );
  };
}
