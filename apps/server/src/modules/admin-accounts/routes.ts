/** /api/v1/accounts/users…: the administration of accounts. HTTP only; the rules are in service.ts. */
import { AccountUser, BatchAnswer, BatchRequest, UserGroup, UsernameRequest, UsersAnswer, UsersQuery } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, RowId } from '../../plugins/schemas.ts';
import type { AdminAccountsService } from './service.ts';

const tags = ['accounts'];
const UserParams = z.object({ userId: RowId });

export function adminAccountsRoutes(admin: AdminAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accounts/users',
      {
        schema: {
          tags,
          summary: 'Users by username, optionally searched and paged, with the number of matches (administrators)',
          querystring: UsersQuery,
          response: { 200: UsersAnswer, ...errorAnswers(400, 401, 403) },
        },
      },
      (request) => admin.list(request.actor, request.query),
    );

    app.post(
      '/accounts/users/batch',
      {
        schema: {
          tags,
          summary: 'Activate or block users (administrators); blocking signs them out at once, nobody blocks themself',
          body: BatchRequest,
          response: { 200: BatchAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      (request) => admin.batch(request.actor, request.body),
    );

    app.post(
      '/accounts/users/:userId/username',
      {
        schema: {
          tags,
          summary: "Change a username and the name of the user's personal group (administrators); 409 when taken",
          params: UserParams,
          body: UsernameRequest,
          response: { 200: AccountUser, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      (request) => admin.rename(request.actor, request.params.userId, request.body.newUsername),
    );

    app.get(
      '/accounts/users/:userId/groups',
      {
        schema: {
          tags,
          summary: "A user's groups with their role, the personal group first (the user and administrators)",
          params: UserParams,
          response: { 200: z.array(UserGroup), ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => admin.groups(request.actor, request.params.userId),
    );
  };
}
