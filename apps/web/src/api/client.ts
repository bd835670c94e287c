import { API_PREFIX } from '@corridor/contract';
import i18n from '../i18n/index.ts';

/** Anything with a zod-like `parse`; the contract's schemas fit. */
export interface Schema<T> {
  parse(data: unknown): T;
}

/** A list of `item`s: the contract names the entries, the answer is a bare JSON array. */
export function arrayOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    parse(data: unknown): T[] {
      if (!Array.isArray(data)) throw new TypeError('Expected a JSON array');
      return data.map((entry) => item.parse(entry));
    },
  };
}

/** A non-2xx answer. `message` is the server text (ErrorAnswer.message) when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body of the answer, if any (e.g. SignupAnswer flags on a 400). */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Status of an error thrown by the client; 0 when the request never got an answer. */
export function errorStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as text/plain. */
  text?: string;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Extra request headers (e.g. If-Match). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Builds `/api/v1{path}?query`; `path` starts with a slash. */
export function apiUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

function requestBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.form) return { body: options.form }; // the browser sets the multipart boundary
  if (options.text !== undefined) return { body: options.text, contentType: 'text/plain' };
  if (options.json !== undefined) return { body: JSON.stringify(options.json), contentType: 'application/json' };
  return {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's text in an error answer's body (plain text, or ErrorAnswer.message), if it sent one. */
function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

/**
 * The error of a non-2xx answer: the server's text, shown as it is, or when the server sent none the UI's own text
 * naming the status, in the user's language (not the browser's English status text).
 */
export function answerError(status: number, body: unknown): ApiError {
  return new ApiError(status, serverMessage(body) ?? i18n.t('common.serverStatus', { status }), body);
}

/**
 * Calls the API with the session cookie. Resolves with the answer parsed by `schema` (or the raw
 * body without one) and rejects with an ApiError for any non-2xx answer.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
  schema?: Schema<T>,
): Promise<T> {
  const { body, contentType } = requestBody(options);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (contentType) headers['Content-Type'] = contentType;

  const response = await fetch(apiUrl(path, options.query), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    headers,
    body,
    signal: options.signal,
  });
  const data = await readBody(response);
  if (!response.ok) {
    throw answerError(response.status, data);
  }
  return schema ? schema.parse(data) : (data as T);
}

export const api = {
  get: <T>(path: string, schema?: Schema<T>, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest(path, { ...options, method: 'GET' }, schema),
  post: <T>(path: string, schema?: Schema<T>, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest(path, { ...options, method: 'POST' }, schema),
  put: <T>(path: string, schema?: Schema<T>, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest(path, { ...options, method: 'PUT' }, schema),
  delete: <T>(path: string, schema?: Schema<T>, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest(path, { ...options, method: 'DELETE' }, schema),
};
