/**
 * POST /datasets/datasets/{id}/export and saving the answer (issue 13). The zip is written while it is sent, so
 * its size is unknown up front: progress is the bytes received so far. Errors come before the first byte, as JSON.
 */
import type { ScenarioExportRequest } from '@corridor/contract';
import { answerError, apiUrl } from '../../api/client.ts';

/** The zip's bytes; `onProgress` gets the bytes received so far. Rejects with an ApiError carrying the server text. */
export async function fetchExport(scenarioId: number, body: ScenarioExportRequest, onProgress: (received: number) => void): Promise<Blob> {
  const response = await fetch(apiUrl(`/datasets/datasets/${scenarioId}/export`), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/zip, application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // a plain-text answer is shown as it is
    }
    throw answerError(response.status, parsed);
  }
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
    parts.push(chunk.value);
    received += chunk.value.byteLength;
    onProgress(received);
  }
  return new Blob(parts, { type: 'application/zip' });
}

/** Hands the blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the delay lets slow ones read the URL first.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
