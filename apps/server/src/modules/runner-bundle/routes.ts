/**
 * `GET /jobs/files/corridor-runner.tgz` (spec 3 §7 "GET /api/v1/jobs/files/{runner jar}: runner download"): the
 * runner bundle, for anyone who reaches the server (docs/decisions.md "Issue 30 — runner download"): it holds no
 * secret, and a runner machine fetches it with curl before it has any credential but its runner token.
 */
import { PlainText, RUNNER_BUNDLE_FILE, RUNNER_BUNDLE_UNKNOWN } from '@corridor/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import { notFound } from '../../shared/errors.ts';
import type { BuiltBundle, RunnerBundleService } from './service.ts';

export function runnerBundleRoutes(service: RunnerBundleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/jobs/files/:file',
      {
        schema: {
          tags: ['jobs'],
          summary: `The runner download: ${RUNNER_BUNDLE_FILE} (tar + gzip) with the runner and the built-in engine, run with Node.js 20 alone (tar xzf ${RUNNER_BUNDLE_FILE} && node corridor-runner/bin/corridor-runner.mjs --server URL); 404 for any other name`,
          params: z.object({ file: PlainText().max(200) }),
          response: errorAnswers(400, 404, 500),
        },
      },
      async (request, reply) => {
        if (request.params.file !== RUNNER_BUNDLE_FILE) throw notFound(RUNNER_BUNDLE_UNKNOWN);
        return sendBundle(reply, await service.get());
      },
    );
  };
}

function sendBundle(reply: FastifyReply, bundle: BuiltBundle) {
  return reply
    .header('content-type', 'application/gzip')
    .header('content-disposition', `attachment; filename="${RUNNER_BUNDLE_FILE}"`)
    .header('cache-control', 'no-cache')
    .header('etag', `"${bundle.etag}"`)
    .send(bundle.bytes);
}
