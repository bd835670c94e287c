/** /api/v1/datasets/datasets/{id}/changesets…: HTTP only (spec 2 §7; a trailing slash is ignored app-wide). */
import {
  Changeset,
  CreateChangesetRequest,
  INVALID_CHANGESET_JSON,
  OkAnswer,
  SaveChangesetRequest,
  UNKNOWN_MODIFICATION_TYPE,
} from '@corridor/contract';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../plugins/errors.ts';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import type { ChangesetsService } from './service.ts';

const tags = ['changesets'];
const base = '/datasets/datasets/:id/changesets';
const ChangesetParams = z.object({ id: RowId, changesetId: RowId });
const errors = errorAnswers(400, 401, 403, 404, 413);
/** A save carries every modification; generated DRT fleets and stops are large (100,000 vehicles ≈ 8 MB). */
const CHANGESET_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Spec 2 §8 messages for changeset bodies: unparsable JSON and an unknown modification type. Every other error
 * goes on to the app's handler (throwing here forwards it).
 */
function changesetBodyErrors(err: FastifyError, _request: unknown, reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return sendError(reply, 400, INVALID_CHANGESET_JSON);
  }
  if (hasZodFastifySchemaValidationErrors(err) && err.validation.some((issue) => issue.message === UNKNOWN_MODIFICATION_TYPE)) {
    return sendError(reply, 400, UNKNOWN_MODIFICATION_TYPE);
  }
  throw err;
}

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
          summary: 'Create a changeset (body id -1, name, modifications); answers it with its new id',
          params: IdParams,
          body: CreateChangesetRequest,
          response: { 200: Changeset, ...errors },
        },
        bodyLimit: CHANGESET_BODY_LIMIT,
        errorHandler: changesetBodyErrors,
      },
      (request) => changesets.create(request.actor, request.params.id, request.body),
    );

    app.put(
      `${base}/:changesetId`,
      {
        schema: {
          tags,
          summary: 'Save a changeset (name, modifications, saveOptions, newFileNames, baseFile), or rename it (name only)',
          params: ChangesetParams,
          body: SaveChangesetRequest,
          response: { 200: Changeset, ...errors },
        },
        bodyLimit: CHANGESET_BODY_LIMIT,
        errorHandler: changesetBodyErrors,
      },
      (request) => changesets.save(request.actor, request.params.id, request.params.changesetId, request.body),
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
