/** POST /api/v1/datasets/datasets/{id}/export: HTTP only (spec 1 §2.12, issue 13). */
import { ScenarioExportRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../plugins/file-reply.ts';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import { contentDisposition } from '../files/content.ts';
import type { ScenarioExportService } from './service.ts';

const tags = ['datasets'];

export function scenarioExportRoutes(exports: ScenarioExportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/datasets/datasets/:id/export',
      {
        schema: {
          tags,
          summary:
            'Export the scenario as a zip (application/zip, "<scenario key>.zip"): the chosen files by role, the network with the ' +
            'changesets applied in the given order, the config pointing at the files in the zip. Nothing is stored. 400 for files or ' +
            'changesets not in the scenario, an unreadable config or network, or a changeset that cannot apply; 413 when too large to process',
          params: IdParams,
          body: ScenarioExportRequest,
          response: { ...errorAnswers(400, 401, 404, 413) },
        },
      },
      async (request, reply) => {
        const answer = await exports.export(request.actor, request.params.id, request.body);
        return sendFile(reply, { stream: answer.stream, contentType: 'application/zip', disposition: contentDisposition('attachment', answer.fileName) });
      },
    );
  };
}
