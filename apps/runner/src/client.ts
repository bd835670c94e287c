/**
 * The runner protocol's calls (packages/contract/src/runner-protocol.ts) over fetch. Every call carries the token;
 * calls after connect carry the runner id. A call the server answered with an error throws ServerError; a call
 * that never got an answer (refused, reset, timed out) throws NetworkError, which callers retry.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  API_PREFIX,
  ClaimAnswer,
  HeartbeatAnswer,
  JOB_NOT_YOURS,
  RUNNER_ID_HEADER,
  RUNNER_PROTOCOL_PREFIX,
  RUNNER_UNKNOWN,
  RunnerWelcome,
  type ClaimRequest,
  type JobFinish,
  type JobProgress,
  type RunnerHeartbeat,
  type RunnerHello,
} from '@corridor/contract';

export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServerError';
  }
}

export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** The server forgot this runner (restart, heartbeat timeout): connect again with the same id. */
export const isRunnerUnknown = (error: unknown): boolean =>
  error instanceof ServerError && error.status === 404 && error.message === RUNNER_UNKNOWN;

/** The job is final or belongs to another runner now: stop working on it. */
export const isJobNotYours = (error: unknown): boolean =>
  error instanceof ServerError && error.status === 409 && error.message === JOB_NOT_YOURS;

/** Worth retrying: no answer, a server-side failure, rate limiting, or a runner the server must see connect again. */
export const isTransient = (error: unknown): boolean =>
  error instanceof NetworkError ||
  (error instanceof ServerError && (error.status >= 500 || error.status === 429 || error.status === 408 || isRunnerUnknown(error)));

const JSON_TIMEOUT_MS = 30_000;

/** Where a client's calls go: the API prefix's sub-path, and a job's reporting calls below it. */
export interface ClientRoutes {
  prefix: string;
  /** The path of the job's reports (…/log, …/progress, …/stats/{name}, …/outputs, …/finish). */
  job: (id: number) => string;
}

const RUNNER_ROUTES: ClientRoutes = { prefix: RUNNER_PROTOCOL_PREFIX, job: (id) => `/jobs/${id}` };

export class ProtocolClient {
  /** Set by connect; sent with every later call. */
  runnerId: string | undefined;
  private readonly base: string;
  private readonly job: (id: number) => string;

  /** `routes`: the runner protocol's by default; the watch client reports to an external run's (src/watch). */
  constructor(
    serverUrl: string,
    private readonly token: string,
    routes: ClientRoutes = RUNNER_ROUTES,
  ) {
    this.base = `${serverUrl.replace(/\/+$/, '')}${API_PREFIX}${routes.prefix}`;
    this.job = routes.job;
  }

  async connect(hello: RunnerHello): Promise<RunnerWelcome> {
    const welcome = RunnerWelcome.parse(await this.json('POST', '/connect', hello));
    this.runnerId = welcome.runnerId;
    return welcome;
  }

  async heartbeat(body: RunnerHeartbeat): Promise<HeartbeatAnswer> {
    return HeartbeatAnswer.parse(await this.json('POST', '/heartbeat', body));
  }

  async claim(body: ClaimRequest): Promise<ClaimAnswer> {
    return ClaimAnswer.parse(await this.json('POST', '/claim', body));
  }

  async started(jobId: number): Promise<void> {
    await this.json('POST', `/jobs/${jobId}/started`, {});
  }

  async progress(jobId: number, body: JobProgress): Promise<void> {
    await this.json('POST', `${this.job(jobId)}/progress`, body);
  }

  async finish(jobId: number, body: JobFinish): Promise<void> {
    await this.json('POST', `${this.job(jobId)}/finish`, body);
  }

  async log(jobId: number, text: string | Uint8Array): Promise<void> {
    await this.send('POST', `${this.job(jobId)}/log`, { body: text, contentType: 'text/plain; charset=utf-8', timeoutMs: JSON_TIMEOUT_MS });
  }

  async putStats(jobId: number, name: 'scorestats' | 'modestats', csv: string | Uint8Array): Promise<void> {
    await this.send('PUT', `${this.job(jobId)}/stats/${name}`, { body: csv, contentType: 'text/csv', timeoutMs: JSON_TIMEOUT_MS });
  }

  /** Streams one input file into `destination`. */
  async download(jobId: number, fileId: number, destination: string, signal?: AbortSignal): Promise<void> {
    const response = await this.send('GET', `/jobs/${jobId}/files/${fileId}`, { signal });
    if (!response.body) throw new NetworkError(`The server sent no content for file ${fileId}.`);
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(destination));
    } catch (error) {
      throw new NetworkError(`Download of file ${fileId} broke off: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Streams one output file; `path` is relative to the output directory, "/" separated. */
  async uploadOutput(jobId: number, path: string, file: string, signal?: AbortSignal): Promise<void> {
    const { size } = await stat(file);
    await this.send('POST', `${this.job(jobId)}/outputs?path=${encodeURIComponent(path)}`, {
      body: createReadStream(file),
      contentType: 'application/octet-stream',
      contentLength: size,
      signal,
    });
  }

  protected async json(method: string, path: string, body: unknown): Promise<unknown> {
    const response = await this.send(method, path, {
      body: JSON.stringify(body),
      contentType: 'application/json',
      timeoutMs: JSON_TIMEOUT_MS,
    });
    const text = await response.text();
    return text ? JSON.parse(text) : {};
  }

  private async send(
    method: string,
    path: string,
    options: {
      body?: string | Uint8Array | Readable;
      contentType?: string;
      contentLength?: number;
      timeoutMs?: number;
      signal?: AbortSignal;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (this.runnerId) headers[RUNNER_ID_HEADER] = this.runnerId;
    if (options.contentType) headers['content-type'] = options.contentType;
    if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
    const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: options.body as string | Uint8Array | AsyncIterable<Uint8Array> | undefined,
        signal: signals.length ? AbortSignal.any(signals) : undefined,
        ...(options.body instanceof Readable ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new NetworkError(`${method} ${path}: no answer from the server (${reason})`, { cause: error });
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new ServerError(response.status, errorMessage(text) ?? `${method} ${path}: HTTP ${response.status}`);
    }
    return response;
  }
}

function errorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return text.trim() ? text.trim().slice(0, 500) : undefined;
  }
}
