/** Run import (spec 3 §7 "Runs and import"): the runImported event, and the Java client libraries' address. */
import { INTEGRATIONS_MESSAGE, OkAnswer, PlainText, RunEventRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import { notFound } from '../../shared/errors.ts';
import type { RunImportService } from './service.ts';

const tags = ['runs'];

export function runImportRoutes(service: RunImportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/datasets/datasets/:id/events',
      {
        schema: {
          tags,
          summary:
            'A run event: runImported once all files of an imported run are attached starts its import (series, output tables, previews) in the background; 409 for a run that is not imported or was imported already',
          params: IdParams,
          body: RunEventRequest,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await service.event(request.actor, request.params.id, request.body);
        return { ok: true as const };
      },
    );

    app.get(
      '/datasets/integrations/:file',
      {
        schema: {
          tags,
          summary: 'The Java client libraries ({file}.jar): not built by this server; 404 pointing to the watch client of the runner download (corridor-runner.tgz)',
          params: z.object({ file: PlainText().max(200) }),
          response: errorAnswers(400, 404),
        },
      },
      async () => {
        throw notFound(INTEGRATIONS_MESSAGE);
      },
    );
  };
}
