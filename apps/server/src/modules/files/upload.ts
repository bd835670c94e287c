/**
 * Multipart uploads (`files[]`) as a plain sequence of named byte streams for the service, with the multipart
 * limits (size per file, files per request) turned into the messages the UI shows.
 */
import path from 'node:path';
import { FileName, formatBytes, MAX_FILES_PER_UPLOAD } from '@corridor/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../shared/errors.ts';

export interface UploadPart {
  filename: string;
  content: AsyncIterable<Uint8Array>;
  /** Attributes known before the content is stored (a server file's zipContent); sniffing adds its own. */
  attributes?: Record<string, unknown>;
}

export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `The file is larger than the upload limit of ${formatBytes(maxBytes)}.`);
}

export async function* multipartFiles(request: FastifyRequest, maxBytes: number, maxFiles = MAX_FILES_PER_UPLOAD): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw badRequest('Upload the files as multipart/form-data in the field files[].');
  // preservePath: the multipart parser would turn "." and ".." into "" silently; cleanName applies the one rule.
  const parts = request.files({ preservePath: true, limits: { fileSize: maxBytes, files: maxFiles } });
  try {
    for await (const part of parts) {
      yield { filename: cleanName(part.filename), content: translated(part.file, maxBytes, maxFiles) };
    }
  } catch (err) {
    throw translate(err, maxBytes, maxFiles);
  }
}

async function* translated(stream: AsyncIterable<Uint8Array>, maxBytes: number, maxFiles: number): AsyncGenerator<Uint8Array> {
  try {
    yield* stream;
  } catch (err) {
    throw translate(err, maxBytes, maxFiles);
  }
}

function translate(err: unknown, maxBytes: number, maxFiles: number): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return badRequest(`At most ${maxFiles} files can be uploaded at once.`);
  return unreadableUpload(err);
}

/**
 * What the multipart parser throws about the body itself (busboy: "Unexpected end of form", "Malformed part
 * header", a missing boundary) is the client's mistake, a 400 (issue 23: it was a 500); errors with a status stay.
 */
export function unreadableUpload(err: unknown): unknown {
  if (err instanceof HttpError || typeof (err as { statusCode?: unknown }).statusCode === 'number') return err;
  return badRequest(`The upload is not a readable multipart/form-data body (${(err as Error).message}).`);
}

const UploadName = FileName();

/**
 * Browsers send the base name; older ones the whole client path. The base name follows the same rules as a
 * rename (the contract's FileName): no control characters, not "." or "..", at most NAME_MAX characters.
 */
export function cleanName(filename: string | undefined): string {
  const base = path.posix.basename((filename ?? '').replaceAll('\\', '/')).trim() || 'unnamed';
  const checked = UploadName.safeParse(base);
  if (!checked.success) throw badRequest(`Invalid request: files[]/filename: ${checked.error.issues[0]?.message}`);
  return checked.data;
}
