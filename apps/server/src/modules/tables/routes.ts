/** /api/v1/datasets/… for tables (spec 3 §7, spec 1 §7.4): catalogue, import as table, delete, browse, query. HTTP only. */
import { BrowseNode, DatasetTable, ExactText, GroupTablesAnswer, ImportTableBody, OkAnswer, TableQuery, TableQueryAnswer, TablesAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, RowId } from '../../plugins/schemas.ts';
import type { TablesService } from './service.ts';

const tags = ['tables'];
// A recursive schema needs an id to be referenced in the OpenAPI document.
if (!z.globalRegistry.has(BrowseNode)) z.globalRegistry.add(BrowseNode, { id: 'BrowseNode' });
const errors = errorAnswers(400, 401, 403, 404);
const GroupParams = z.object({ groupId: RowId });
const TableParams = z.object({ id: RowId, table: ExactText().min(1).max(200) });

export function tablesRoutes(tables: TablesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datasets/tables',
      { schema: { tags, summary: 'Datasets the caller sees that have tables, and their tables', response: { 200: TablesAnswer, ...errorAnswers(401) } } },
      (request) => tables.listAll(request.actor),
    );

    app.get(
      '/datasets/groups/:groupId/tables',
      { schema: { tags, summary: "The team's datasets and their tables", params: GroupParams, response: { 200: GroupTablesAnswer, ...errors } } },
      (request) => tables.listGroup(request.actor, request.params.groupId),
    );

    app.get(
      '/datasets/groups/:groupId/browse',
      { schema: { tags, summary: "The team's scenarios with their runs, and their files", params: GroupParams, response: { 200: BrowseNode, ...errors } } },
      (request) => tables.browse(request.actor, request.params.groupId),
    );

    app.post(
      '/datasets/datasets/:id/import-as-table/:fileId',
      {
        schema: {
          tags,
          summary: "Import one of the dataset's CSV files as a table (name optional: the file's name without extensions)",
          params: z.object({ id: RowId, fileId: RowId }),
          body: ImportTableBody,
          response: { 200: DatasetTable, ...errors },
        },
      },
      (request) => tables.importFile(request.actor, request.params.id, request.params.fileId, request.body?.name),
    );

    app.delete(
      '/datasets/datasets/:id/tables/:table',
      { schema: { tags, summary: 'Delete an imported table', params: TableParams, response: { 200: OkAnswer, ...errors } } },
      async (request) => {
        await tables.delete(request.actor, request.params.id, request.params.table);
        return { ok: true as const };
      },
    );

    app.post(
      '/datasets/datasets/:id/tables/:table/query',
      {
        schema: {
          tags,
          summary: 'Query a table: select (aggregation, binning), groupBy, where; shape RAW, PIVOT (row, series, value) or BOXPLOT',
          params: TableParams,
          body: TableQuery,
          response: { 200: TableQueryAnswer, ...errors },
        },
      },
      (request) => tables.query(request.actor, request.params.id, request.params.table, request.body),
    );
  };
}
