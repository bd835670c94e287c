/** /api/v1/accounts/groups…: teams and their members. HTTP only; the rules are in service.ts. */
import { AddMemberRequest, CreateGroupRequest, Group, GroupRenameRequest, SetRoleRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import type { GroupsService } from './service.ts';

const tags = ['groups'];
const MemberParams = z.object({ id: RowId, userId: RowId });

export function groupsRoutes(groups: GroupsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/accounts/groups',
      {
        schema: {
          tags,
          summary: 'Create a team; the caller becomes its owner. 409 when the name is taken by a team or a user',
          body: CreateGroupRequest,
          response: { 200: Group, ...errorAnswers(400, 401, 409) },
        },
      },
      (request) => groups.create(request.actor, request.body.name),
    );

    app.get(
      '/accounts/groups',
      { schema: { tags, summary: "The caller's groups with their members; every group for an administrator", response: { 200: z.array(Group), ...errorAnswers(401) } } },
      (request) => groups.list(request.actor),
    );

    app.get(
      '/accounts/groups/:id',
      { schema: { tags, summary: 'A group with its members (members and administrators)', params: IdParams, response: { 200: Group, ...errorAnswers(400, 401, 403, 404) } } },
      (request) => groups.get(request.actor, request.params.id),
    );

    app.post(
      '/accounts/groups/:id/name',
      {
        schema: {
          tags,
          summary: 'Rename a team (owners and administrators); 409 when a user or team has the name',
          params: IdParams,
          body: GroupRenameRequest,
          response: { 200: Group, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      (request) => groups.rename(request.actor, request.params.id, request.body.newGroupname),
    );

    app.post(
      '/accounts/groups/:id/users',
      {
        schema: {
          tags,
          summary: 'Add a user as member (owners and administrators)',
          params: IdParams,
          body: AddMemberRequest,
          response: { 200: Group, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => groups.addMember(request.actor, request.params.id, request.body.username),
    );

    app.delete(
      '/accounts/groups/:id/users/:userId',
      {
        schema: {
          tags,
          summary: 'Remove a member (owners and administrators); nobody removes themselves, a team keeps one owner',
          params: MemberParams,
          response: { 200: Group, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => groups.removeMember(request.actor, request.params.id, request.params.userId),
    );

    app.post(
      '/accounts/groups/:id/users/:userId/role',
      {
        schema: {
          tags,
          summary: "Change a member's role (owners and administrators); a team keeps one owner",
          params: MemberParams,
          body: SetRoleRequest,
          response: { 200: Group, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => groups.setRole(request.actor, request.params.id, request.params.userId, request.body.role),
    );
  };
}
