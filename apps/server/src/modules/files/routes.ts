/** /api/v1/datasets/files… and a dataset's files: upload, attach, detach, rename, create, delete. HTTP only. */
import {
  FileEntry,
  InitFileAnswer,
  InitFileQuery,
  JOB_FILE_TYPE,
  JOB_FILE_UPLOAD,
  JobFilesQuery,
  MAX_FILES_PER_UPLOAD,
  OkAnswer,
  RenameFileRequest,
  UploadAnswer,
} from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, IdParams, RowId } from '../../plugins/schemas.ts';
import type { FilesService } from './service.ts';
import { multipartFiles } from './upload.ts';

const tags = ['files'];
const UsageParams = z.object({ id: RowId, fileId: RowId });
const errors = errorAnswers(400, 401, 403, 404);
/** No type: a user's upload as ever; type=jobfile: job files. */
const UploadQuery = JobFilesQuery.partial();

export function filesRoutes(files: FilesService, maxUploadBytes: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/datasets/files',
      {
        schema: {
          tags,
          summary:
            'Upload files (multipart, field files[], at most 30); each is stored, then sniffed for its data-type tag. ?type=jobfile: job files for job templates (administrators, at most 5)',
          querystring: UploadQuery,
          response: { 200: UploadAnswer, ...errorAnswers(400, 401, 403, 413) },
        },
      },
      async (request) => {
        const { type } = request.query;
        const maxFiles = type === JOB_FILE_TYPE ? JOB_FILE_UPLOAD.max : MAX_FILES_PER_UPLOAD;
        return { files: await files.upload(request.actor, multipartFiles(request, maxUploadBytes, maxFiles), type) };
      },
    );

    app.get(
      '/datasets/datasets/:id/files',
      { schema: { tags, summary: "The dataset's files with their usages", params: IdParams, response: { 200: z.array(FileEntry), ...errors } } },
      (request) => files.listForDataset(request.actor, request.params.id),
    );

    app.post(
      '/datasets/datasets/:id/files/:fileId',
      {
        schema: {
          tags,
          summary: 'Use a file in the dataset (attach); 409 when the dataset has another file of that name',
          params: UsageParams,
          response: { 200: FileEntry, ...errors, ...errorAnswers(409) },
        },
      },
      (request) => files.attach(request.actor, request.params.id, request.params.fileId),
    );

    app.delete(
      '/datasets/datasets/:id/files/:fileId',
      { schema: { tags, summary: 'Stop using a file in the dataset (the file itself stays)', params: UsageParams, response: { 200: OkAnswer, ...errors } } },
      async (request) => {
        await files.detach(request.actor, request.params.id, request.params.fileId);
        return { ok: true as const };
      },
    );

    app.put(
      '/datasets/files/:id/meta',
      {
        schema: {
          tags,
          summary: 'Rename a file; 409 when a dataset using it has another file of the new name',
          params: IdParams,
          body: RenameFileRequest,
          response: { 200: FileEntry, ...errors, ...errorAnswers(409) },
        },
      },
      (request) => files.rename(request.actor, request.params.id, request.body.name),
    );

    app.put(
      '/datasets/files/init',
      { schema: { tags, summary: 'Create an empty file', querystring: InitFileQuery, response: { 200: InitFileAnswer, ...errorAnswers(400, 401) } } },
      (request) => files.createEmpty(request.actor, request.query.fileName, request.query.format),
    );

    app.delete(
      '/datasets/files/:id',
      {
        schema: { tags, summary: 'Delete a file that no dataset uses any more; 409 while one does', params: IdParams, response: { 200: OkAnswer, ...errors, ...errorAnswers(409) } },
      },
      async (request) => {
        await files.delete(request.actor, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
