/**
 * Downloads a MATSim release into DATA_DIR/engines for the setup wizard (spec 1 §2.6, §7.2) and the releases page
 * (modules/matsim-releases). One download at a time. Its progress lives in memory in the process that downloads and
 * is written (at most twice a second, and at every change of state) to `DATA_DIR/engine-download.json`, so that with
 * several server processes on one DATA_DIR (issue 30) the wizard's polls reach the progress whichever server answers,
 * and a second download started on another server is refused too. A "downloading" state that has not moved for
 * twice the idle timeout belonged to a server that died: it reads as failed.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
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

/** The shared status file: the status and when it was written. */
interface SharedStatus {
  status: EngineDownloadStatus;
  written: number;
}

const WRITE_EVERY_MS = 500;
const UNDER_WAY = new Set<EngineDownloadStatus['state']>(['downloading', 'verifying']);

export class EngineSetupService {
  private current: EngineDownloadStatus = IDLE;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: EngineSetupOptions) {}

  private get statusFile(): string {
    return path.join(this.options.dataDir, 'engine-download.json');
  }

  async status(actor: Actor | null): Promise<EngineDownloadStatus> {
    requireAdmin(actor);
    return this.now();
  }

  /** The download's state for other services (the releases page), without an access check: this process's, or another's. */
  async now(): Promise<EngineDownloadStatus> {
    if (this.running) return { ...this.current };
    // Not downloading here: the shared file (this process's last download, or another server's) once written.
    await this.writing;
    const shared = await this.readShared();
    if (!shared) return { ...this.current };
    const stale = Date.now() - shared.written > 2 * (this.options.idleTimeoutMs ?? 60_000);
    if (UNDER_WAY.has(shared.status.state) && stale) {
      return { ...shared.status, state: 'error', error: `Could not download MATSim ${shared.status.version}: the server that downloaded it stopped.` };
    }
    return shared.status;
  }

  /** Starts the download in the background and answers at once; the caller polls status(). */
  async start(actor: Actor | null, version: string): Promise<EngineDownloadStatus> {
    requireAdmin(actor);
    if (this.running) throw conflict(`MATSim ${this.current.version} is being downloaded; wait until it has finished.`);
    const elsewhere = await this.now();
    if (UNDER_WAY.has(elsewhere.state)) throw conflict(`MATSim ${elsewhere.version} is being downloaded; wait until it has finished.`);
    // Another start in this process while the file was read.
    if (this.running) throw conflict(`MATSim ${this.current.version} is being downloaded; wait until it has finished.`);
    this.current = { ...IDLE, version, state: 'downloading' };
    this.share(true);
    // Written before the answer: a poll that reaches another server next sees the download.
    const written = this.writing;
    const answer = { ...this.current };
    this.running = this.run(version).finally(() => {
      this.running = null;
    });
    await written;
    return answer;
  }

  /** Resolves when no download is running; used by shutdown and tests. */
  async idle(): Promise<void> {
    await this.running;
    await this.writing;
  }

  /** Cancels a running download (server shutdown) and waits for its temporary file to be removed. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    await this.writing;
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
    const stateChanged = change.state !== undefined && change.state !== this.current.state;
    this.current = { ...this.current, ...change };
    this.share(stateChanged);
  }

  /** Writes the status for the other server processes: every change of state, progress at most every 500 ms. */
  private share(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastWrite < WRITE_EVERY_MS) return;
    this.lastWrite = now;
    const shared: SharedStatus = { status: { ...this.current }, written: now };
    this.writing = this.writing.then(async () => {
      const temp = `${this.statusFile}.${process.pid}.tmp`;
      try {
        await writeFile(temp, JSON.stringify(shared));
        await rename(temp, this.statusFile);
      } catch (err) {
        this.options.log?.error({ err }, 'could not write the engine download status');
      }
    });
  }

  private async readShared(): Promise<SharedStatus | null> {
    try {
      const parsed = JSON.parse(await readFile(this.statusFile, 'utf8')) as SharedStatus;
      return typeof parsed?.written === 'number' && parsed.status ? parsed : null;
    } catch {
      return null;
    }
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
