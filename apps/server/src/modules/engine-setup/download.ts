/**
 * Streams a URL into a file atomically: write to a temporary name beside the target, fsync, rename, fsync the
 * directory. A crash or failure never leaves a half-written file under the final name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** A failure whose message completes "Could not download …: <message>". */
export class DownloadError extends Error {}

export interface Progress {
  receivedBytes: number;
  totalBytes: number | null;
}

export interface DownloadOptions {
  url: string;
  target: string;
  onProgress: (progress: Progress) => void;
  /** Abort when no data arrived for this long: a stalled connection would otherwise hang the wizard forever. */
  idleTimeoutMs: number;
  signal: AbortSignal;
}

export interface Downloaded {
  /** Temporary file holding the complete download, fsynced; commit() renames it to the target. */
  tempPath: string;
  sha256: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export async function download(options: DownloadOptions): Promise<Downloaded> {
  const { url, target, onProgress, idleTimeoutMs } = options;
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), idleTimeoutMs);
  const resetTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), idleTimeoutMs);
  };
  const signal = AbortSignal.any([idle.signal, options.signal]);
  const reason = (err: unknown) =>
    idle.signal.aborted ? `no data arrived for ${duration(idleTimeoutMs)}` : describe(err);

  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (err) {
    clearTimeout(timer);
    throw new DownloadError(`the download server could not be reached (${reason(err)})`);
  }
  if (!response.ok || !response.body) {
    clearTimeout(timer);
    await response.body?.cancel();
    throw new DownloadError(`the download server answered HTTP ${response.status} ${response.statusText}`.trim());
  }

  const length = Number(response.headers.get('content-length'));
  const totalBytes = Number.isSafeInteger(length) && length > 0 ? length : null;
  await mkdir(path.dirname(target), { recursive: true });
  const tempPath = `${target}.${randomBytes(6).toString('hex')}.part`;
  const hash = createHash('sha256');
  let receivedBytes = 0;
  onProgress({ receivedBytes, totalBytes });

  const file = await open(tempPath, 'w');
  try {
    try {
      for await (const chunk of response.body) {
        resetTimer();
        hash.update(chunk);
        await file.write(chunk);
        receivedBytes += chunk.byteLength;
        onProgress({ receivedBytes, totalBytes });
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).syscall) throw new DownloadError(`the file could not be written (${describe(err)})`);
      throw new DownloadError(`the connection broke off after ${receivedBytes} bytes (${reason(err)})`);
    }
    if (totalBytes !== null && receivedBytes !== totalBytes) {
      throw new DownloadError(`the connection broke off after ${receivedBytes} of ${totalBytes} bytes`);
    }
    await file.sync();
  } catch (err) {
    await file.close();
    await rm(tempPath, { force: true });
    throw err;
  } finally {
    clearTimeout(timer);
  }
  await file.close();

  return {
    tempPath,
    sha256: hash.digest('hex'),
    async commit() {
      await rename(tempPath, target);
      // The rename itself lives in the directory; without this a power cut can undo it.
      const dir = await open(path.dirname(target), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    },
    discard: () => rm(tempPath, { force: true }),
  };
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} seconds`);

/** The most useful line of a fetch error: undici hides the network reason in `cause`. */
export function describe(err: unknown): string {
  const cause = (err as { cause?: unknown })?.cause;
  const inner = cause instanceof Error ? cause : err instanceof Error ? err : null;
  if (inner instanceof AggregateError && inner.errors.length > 0) return describe({ cause: inner.errors[0] });
  return inner?.message || String(err);
}
