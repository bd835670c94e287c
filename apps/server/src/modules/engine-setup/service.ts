/**
 * Downloads a MATSim release into DATA_DIR/engines for the setup wizard (spec 1 §2.6, §7.2) and the releases page
 * (modules/matsim-releases). One download at a time; its progress lives in memory because the wizard and the page
 * poll it within the same server run.
 */
import path from 'node:path';
import type { EngineDownloadStatus } from '@corridor/contract';
import { requireAdmin, type Actor } from '../../shared/access.ts';
import { conflict } from '../../shared/errors.ts';
import { DownloadError, describe, download } from './download.ts';

const IDLE: EngineDownloadStatus = {
  version: null,
  state: 'idle',
  receivedBytes: 0,
  totalBytes: null,
  checksumVerified: false,
  error: null,
  path: null,
};

export interface EngineSetupOptions {
  dataDir: string;
  /** MATSIM_RELEASE_URL, with {version} in it. */
  urlTemplate: string;
  idleTimeoutMs?: number;
  log?: { error(obj: object, msg: string): void };
}

export class EngineSetupService {
  private current: EngineDownloadStatus = IDLE;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly options: EngineSetupOptions) {}

  status(actor: Actor | null): EngineDownloadStatus {
    requireAdmin(actor);
    return { ...this.current };
  }

  /** The download's state for other services (the releases page), without an access check. */
  now(): EngineDownloadStatus {
    return { ...this.current };
  }

  /** Starts the download in the background and answers at once; the caller polls status(). */
  start(actor: Actor | null, version: string): EngineDownloadStatus {
    requireAdmin(actor);
    if (this.running) throw conflict(`MATSim ${this.current.version} is being downloaded; wait until it has finished.`);
    this.current = { ...IDLE, version, state: 'downloading' };
    this.running = this.run(version).finally(() => {
      this.running = null;
    });
    return { ...this.current };
  }

  /** Resolves when no download is running; used by shutdown and tests. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Cancels a running download (server shutdown) and waits for its temporary file to be removed. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async run(version: string): Promise<void> {
    const url = this.options.urlTemplate.replaceAll('{version}', version);
    const target = path.join(this.options.dataDir, 'engines', `matsim-${version}.zip`);
    const signal = this.abort.signal;
    try {
      const file = await download({
        url,
        target,
        signal,
        idleTimeoutMs: this.options.idleTimeoutMs ?? 60_000,
        onProgress: (p) => this.update(p),
      });
      try {
        this.update({ state: 'verifying' });
        const expected = await fetchChecksum(`${url}.sha256`, signal);
        if (expected !== null && expected !== file.sha256) {
          throw new DownloadError(`the checksum does not match (expected ${expected}, got ${file.sha256})`);
        }
        await file.commit();
        this.update({ state: 'done', checksumVerified: expected !== null, path: target });
      } catch (err) {
        await file.discard();
        throw err;
      }
    } catch (err) {
      const reason = err instanceof DownloadError ? err.message : `an unexpected error occurred (${describe(err)})`;
      if (!(err instanceof DownloadError)) this.options.log?.error({ err }, 'engine download failed');
      this.update({ state: 'error', error: `Could not download MATSim ${version}: ${reason}.` });
    }
  }

  private update(change: Partial<EngineDownloadStatus>): void {
    this.current = { ...this.current, ...change };
  }
}

/**
 * The published SHA-256 from `<url>.sha256`, or null when the server has none (any non-200 answer). A
 * checksum file that exists but cannot be read is an error: silently skipping it would defeat its purpose.
 */
async function fetchChecksum(url: string, signal: AbortSignal): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (err) {
    throw new DownloadError(`the checksum file could not be fetched (${describe(err)})`);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return null;
  }
  const text = await response.text();
  const match = /\b[0-9a-fA-F]{64}\b/.exec(text);
  if (!match) throw new DownloadError('the checksum file does not contain a SHA-256 checksum');
  return match[0].toLowerCase();
}
