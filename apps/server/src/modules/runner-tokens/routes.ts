/** /api/v1/jobs/runners: runner tokens and connected runners. HTTP only; the rules are in service.ts. */
import { CreatedRunnerToken, CreateRunnerTokenRequest, OkAnswer, OnlineRunner, RunnerToken, UpdateRunnerTokenRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams } from '../../plugins/schemas.ts';
import type { RunnerTokensService } from './service.ts';

const tags = ['jobs'];

export function runnerTokensRoutes(tokens: RunnerTokensService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/jobs/runners/list',
      {
        schema: {
          tags,
          summary: 'Runner tokens (without their secrets) with their connected runners and resources (administrators)',
          response: { 200: z.array(RunnerToken), ...errorAnswers(401, 403) },
        },
      },
      (request) => tokens.list(request.actor),
    );

    app.get(
      '/jobs/runners/online',
      {
        schema: {
          tags,
          summary: 'The runners online now: name, capabilities, sandbox, busy (everyone signed in)',
          response: { 200: z.array(OnlineRunner), ...errorAnswers(401) },
        },
      },
      (request) => tokens.online(request.actor),
    );

    app.post(
      '/jobs/runners',
      {
        schema: {
          tags,
          summary: 'Add a runner token (administrators): the answer holds the secret, the only time it is shown; 400 when a range is not CIDR or both are empty',
          body: CreateRunnerTokenRequest,
          response: { 200: CreatedRunnerToken, ...errorAnswers(400, 401, 403) },
        },
      },
      (request) => tokens.create(request.actor, request.body),
    );

    app.put(
      '/jobs/runners/:id',
      {
        schema: {
          tags,
          summary: "Change a runner token's description and address ranges (administrators); 409 for the embedded runner's token",
          params: IdParams,
          body: UpdateRunnerTokenRequest,
          response: { 200: RunnerToken, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      (request) => tokens.update(request.actor, request.params.id, request.body),
    );

    app.delete(
      '/jobs/runners/:id',
      {
        schema: {
          tags,
          summary: "Delete a runner token (administrators); its runners' jobs fail; 409 for the embedded runner's token",
          params: IdParams,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await tokens.delete(request.actor, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
