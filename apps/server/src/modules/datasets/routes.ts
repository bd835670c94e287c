/** /api/v1/datasets/… for scenarios: HTTP only; the rules are in service.ts and access.ts. */
import {
  AccessEntry,
  AddAccessRequest,
  CreateAnyDatasetRequest,
  CreateDatasetAnswer,
  Dataset,
  DatasetListQuery,
  DatasetSummary,
  DescriptionRequest,
  MoveDatasetAnswer,
  MoveDatasetRequest,
  OkAnswer,
  Relation,
  RenameRequest,
  UpdateDatasetAnswer,
  UpdateDatasetRequest,
} from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import type { DatasetsService } from './service.ts';

const tags = ['datasets'];
const base = '/datasets/datasets';
const ok = { ok: true as const };
/** Every route on one dataset: bad id, signed out, not allowed, not found (or not visible). */
const oneDataset = errorAnswers(400, 401, 403, 404);

export function datasetsRoutes(datasets: DatasetsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      base,
      {
        schema: {
          tags,
          summary:
            "Create a scenario (empty or from a template) or, with type 'run', a run to import (__imported; key from the name when absent); 409 when the key is taken in the group, 502 when a template download fails",
          body: CreateAnyDatasetRequest,
          response: { 200: CreateDatasetAnswer, ...errorAnswers(400, 401, 403, 404, 409, 502) },
        },
      },
      (request) => datasets.create(request.actor, request.body),
    );

    app.get(
      '/datasets/scenarios',
      {
        schema: {
          tags,
          summary: "Scenarios of the caller's groups and those shared with them, newest first; ?groupId= for one group",
          querystring: DatasetListQuery,
          response: { 200: z.array(DatasetSummary), ...errorAnswers(400, 401) },
        },
      },
      (request) => datasets.list(request.actor, 'scenario', request.query.groupId),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, summary: 'A dataset with its files and attributes', params: IdParams, response: { 200: Dataset, ...oneDataset } } },
      (request) => datasets.get(request.actor, request.params.id),
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: 'Edit name, key, description and attributes (__crs, __jobType); 409 when the key is taken',
          params: IdParams,
          body: UpdateDatasetRequest,
          response: { 200: UpdateDatasetAnswer, ...oneDataset, ...errorAnswers(409) },
        },
      },
      (request) => datasets.update(request.actor, request.params.id, request.body),
    );

    app.put(
      `${base}/:id/name`,
      { schema: { tags, summary: 'Rename', params: IdParams, body: RenameRequest, response: { 200: OkAnswer, ...oneDataset } } },
      async (request) => {
        await datasets.rename(request.actor, request.params.id, request.body.name);
        return ok;
      },
    );

    app.put(
      `${base}/:id/description`,
      { schema: { tags, summary: 'Change the description', params: IdParams, body: DescriptionRequest, response: { 200: OkAnswer, ...oneDataset } } },
      async (request) => {
        await datasets.describe(request.actor, request.params.id, request.body.description);
        return ok;
      },
    );

    app.post(
      `${base}/:id/team`,
      {
        schema: {
          tags,
          summary: 'Move to another group of the caller; a taken key gets a -2, -3, … suffix',
          params: IdParams,
          body: MoveDatasetRequest,
          response: { 200: MoveDatasetAnswer, ...oneDataset },
        },
      },
      (request) => datasets.move(request.actor, request.params.id, request.body.newTeam),
    );

    app.delete(
      `${base}/:id`,
      { schema: { tags, summary: 'Delete; files used by other datasets are kept', params: IdParams, response: { 200: OkAnswer, ...oneDataset } } },
      async (request) => {
        await datasets.delete(request.actor, request.params.id);
        return ok;
      },
    );

    app.get(
      `${base}/:id/users`,
      { schema: { tags, summary: 'Users with access (OWNER first)', params: IdParams, response: { 200: z.array(AccessEntry), ...oneDataset } } },
      (request) => datasets.listAccess(request.actor, request.params.id),
    );

    app.post(
      `${base}/:id/users`,
      {
        schema: {
          tags,
          summary: 'Grant a user access (owner and administrators); answers the access list',
          params: IdParams,
          body: AddAccessRequest,
          response: { 200: z.array(AccessEntry), ...oneDataset },
        },
      },
      (request) => datasets.grant(request.actor, request.params.id, request.body.username),
    );

    app.delete(
      `${base}/:id/users/:userId`,
      {
        schema: {
          tags,
          summary: "Withdraw a user's access (owner and administrators); the OWNER entry stays",
          params: z.object({ id: RowId, userId: RowId }),
          response: { 200: z.array(AccessEntry), ...oneDataset },
        },
      },
      (request) => datasets.revoke(request.actor, request.params.id, request.params.userId),
    );

    app.get(
      `${base}/:id/relations`,
      { schema: { tags, summary: 'Scenario-run relations of a scenario (its runs) or of a run (its scenario)', params: IdParams, response: { 200: z.array(Relation), ...oneDataset } } },
      (request) => datasets.relations(request.actor, request.params.id),
    );
  };
}
