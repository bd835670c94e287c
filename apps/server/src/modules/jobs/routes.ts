/** /api/v1/jobs/jobs…: schedule a run, run one again, read jobs, cancel (also /datasets/datasets/{id}/do?action=cancel). HTTP only. */
import { CreateJobAnswer, CreateJobRequest, Job, JobActionQuery, OkAnswer, SCHEDULE_MESSAGES } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import { badRequest } from '../../shared/errors.ts';
import type { JobsService } from './service.ts';

const tags = ['jobs'];
const ok = { ok: true as const };
const CONTRACT_MESSAGES = new Set<string>(Object.values(SCHEDULE_MESSAGES));

export function jobsRoutes(jobs: JobsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/jobs/jobs',
      {
        // The schedule form shows the server text as it is (spec 1 §5.2): the contract's messages come without the
        // "Invalid request: body/…" wrapping of other validation failures.
        attachValidation: true,
        schema: {
          tags,
          summary: 'Schedule a run of a scenario: creates the run dataset, its scenario-run relation and a CREATED job',
          body: CreateJobRequest,
          response: { 200: CreateJobAnswer, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => {
        const invalid = request.validationError;
        if (invalid) {
          if (hasZodFastifySchemaValidationErrors(invalid)) {
            const known = invalid.validation.find((issue: { message: string }) => CONTRACT_MESSAGES.has(issue.message));
            if (known) throw badRequest(known.message);
          }
          throw invalid;
        }
        return jobs.schedule(request.actor, request.body);
      },
    );

    app.post(
      '/datasets/runs/:id/again',
      {
        schema: {
          tags,
          summary:
            'Run again: a new run of the same group with the inputs, changesets, arguments and template the run used, linked to it; 409 when the run was not executed here or an input file was deleted since',
          params: IdParams,
          response: { 200: CreateJobAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      (request) => jobs.runAgain(request.actor, request.params.id),
    );

    app.get(
      '/jobs/jobs/list',
      { schema: { tags, summary: 'Jobs of the runs the caller can read (all for administrators), newest first, at most 500', response: { 200: z.array(Job), ...errorAnswers(401) } } },
      (request) => jobs.list(request.actor),
    );

    app.get(
      '/jobs/jobs/:id',
      { schema: { tags, summary: 'A job (404 when its run is not visible)', params: IdParams, response: { 200: Job, ...errorAnswers(400, 401, 404) } } },
      (request) => jobs.get(request.actor, request.params.id),
    );

    app.post(
      '/jobs/jobs/:id/do',
      {
        schema: {
          tags,
          summary: 'action=cancel: a queued job ends CANCELLED, a running one is stopped by its runner; 409 when it has ended',
          params: IdParams,
          querystring: JobActionQuery,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await jobs.cancel(request.actor, request.params.id);
        return ok;
      },
    );

    app.post(
      '/datasets/datasets/:id/do',
      {
        schema: {
          tags: ['datasets'],
          summary: "action=cancel: stop the run (its newest job); 409 when it is not active or has no job",
          params: IdParams,
          querystring: JobActionQuery,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await jobs.cancelRun(request.actor, request.params.id);
        return ok;
      },
    );
  };
}
