/** /api/v1/datasets/datasets/{id}/changesets…: HTTP only. */
import { Changeset, CreateChangesetRequest, OkAnswer, RenameChangesetRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import type { ChangesetsService } from './service.ts';

const tags = ['changesets'];
const base = '/datasets/datasets/:id/changesets';
const ChangesetParams = z.object({ id: RowId, changesetId: RowId });
const errors = errorAnswers(400, 401, 403, 404);

export function changesetsRoutes(changesets: ChangesetsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      base,
      { schema: { tags, summary: "The scenario's changesets", params: IdParams, response: { 200: z.array(Changeset), ...errors } } },
      (request) => changesets.list(request.actor, request.params.id),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Create a changeset from a name and modifications (the map editor will create its own)',
          params: IdParams,
          body: CreateChangesetRequest,
          response: { 200: Changeset, ...errors },
        },
      },
      (request) => changesets.create(request.actor, request.params.id, request.body),
    );

    app.put(
      `${base}/:changesetId`,
      { schema: { tags, summary: 'Rename a changeset', params: ChangesetParams, body: RenameChangesetRequest, response: { 200: Changeset, ...errors } } },
      (request) => changesets.rename(request.actor, request.params.id, request.params.changesetId, request.body.name),
    );

    app.delete(
      `${base}/:changesetId`,
      { schema: { tags, summary: 'Delete a changeset', params: ChangesetParams, response: { 200: OkAnswer, ...errors } } },
      async (request) => {
        await changesets.delete(request.actor, request.params.id, request.params.changesetId);
        return { ok: true as const };
      },
    );
  };
}
