/** /api/v1/corridor/licenses…: keys arrive as text/plain or JSON {key}; files as multipart. */
import {
  CommunityLicenseRequest,
  License,
  LicenseKeyQuery,
  LicenseKeyRequest,
  LicenseKeyText,
  LicenseList,
  OkAnswer,
  PRODUCT,
} from '@corridor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import { HttpError, badRequest } from '../../shared/errors.ts';
import { unreadableUpload } from '../files/upload.ts';
import type { LicensesService } from './service.ts';

const tags = ['licenses'];
const base = `/${PRODUCT}/licenses`;
const LICENSE_FILE_LIMIT = 64 * 1024;

/** The raw key as text/plain, or JSON {key}; an empty body is treated like an empty key (malformed). */
const KeyBody = z.union([LicenseKeyText, LicenseKeyRequest]).optional();
const keyOf = (body: z.infer<typeof KeyBody>) => (typeof body === 'string' ? body : (body?.key ?? ''));

export function licensesRoutes(licenses: LicensesService): FastifyPluginAsyncZod {
  return async (app) => {
    const check = { 200: License, ...errorAnswers(400, 401, 403) };
    const admin = { ...errorAnswers(401, 403) };

    app.post(
      `${base}/check/key`,
      { schema: { tags, summary: 'Verify a licence key without storing it (open until setup)', body: KeyBody, response: check } },
      (request) => licenses.check(request.actor, keyOf(request.body)),
    );

    app.post(
      `${base}/check`,
      { schema: { tags, summary: 'Verify a licence file (multipart, one file) without storing it', response: { ...check, ...errorAnswers(413) } } },
      (request) => licenses.checkFile(request.actor, () => readLicenseFile(request)),
    );

    app.post(
      `${base}/key`,
      { schema: { tags, summary: 'Verify and store a licence key', body: KeyBody, response: check } },
      (request) => licenses.add(request.actor, keyOf(request.body)),
    );

    app.post(
      base,
      { schema: { tags, summary: 'Verify and store a licence file (multipart, one file)', response: { ...check, ...errorAnswers(413) } } },
      (request) => licenses.addFile(request.actor, () => readLicenseFile(request)),
    );

    app.post(
      `${base}/community`,
      {
        schema: {
          tags,
          summary: "Issue and store a non-commercial licence signed by this installation's own key",
          body: CommunityLicenseRequest,
          response: check,
        },
      },
      (request) => licenses.issueCommunity(request.actor, request.body),
    );

    app.get(base, { schema: { tags, summary: 'Stored licences', response: { 200: LicenseList, ...admin } } }, (request) =>
      licenses.list(request.actor),
    );

    app.delete(
      base,
      { schema: { tags, summary: 'Remove a stored licence', querystring: LicenseKeyQuery, response: { 200: OkAnswer, ...admin, ...errorAnswers(404) } } },
      async (request) => {
        await licenses.remove(request.actor, request.query.key);
        return { ok: true as const };
      },
    );

    app.post(
      `${base}/refresh`,
      { schema: { tags, summary: 'Verify a stored licence again', querystring: LicenseKeyQuery, response: { ...check, ...errorAnswers(404) } } },
      (request) => licenses.refresh(request.actor, request.query.key),
    );
  };
}

/** The single uploaded file's bytes; the size limit is checked while streaming, not after. */
async function readLicenseFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Upload the licence file as multipart/form-data.');
  try {
    const file = await request.file({ limits: { fileSize: LICENSE_FILE_LIMIT, files: 1 } });
    if (!file) throw badRequest('No licence file was uploaded.');
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'The licence file is too large (limit 64 KB).');
    }
    throw unreadableUpload(err);
  }
}
