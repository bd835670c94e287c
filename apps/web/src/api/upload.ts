import { answerError, ApiError, apiUrl, type Schema } from './client.ts';

/** Fraction of the request body sent so far, 0..1. */
export type ProgressListener = (fraction: number) => void;

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs a multipart form with upload progress. fetch() cannot report upload progress, so this one
 * call uses XMLHttpRequest; it answers like the fetch client (ApiError with the server text).
 */
export function postWithProgress<T>(
  path: string,
  form: FormData,
  schema: Schema<T>,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(answerError(request.status, body));
        return;
      }
      try {
        onProgress(1);
        resolve(schema.parse(body));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'Network error', undefined));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
