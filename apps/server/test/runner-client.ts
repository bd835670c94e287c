/**
 * A tiny runner-protocol client for the API tests: it plays a runner agent over app.inject (the same HTTP calls
 * apps/runner makes), from a chosen remote address. Plus the scheduling steps the job tests share: a scenario with
 * equil's config, network and population, and a run scheduled from it.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ClaimedJob, Resources, RunnerWelcome } from '@corridor/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import { JobLifecycle } from '../src/modules/runner-protocol/lifecycle.ts';
import { JobLog } from '../src/modules/runner-protocol/job-log.ts';
import { HeartbeatMonitor } from '../src/modules/runner-protocol/monitor.ts';
import { RunnerProtocolRepository } from '../src/modules/runner-protocol/repository.ts';
import { LogStore } from '../src/storage/log-store.ts';
import { API, type TestApp } from './harness.ts';
import { attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

export interface RunnerOptions {
  token: string;
  /** The address the calls come from; default 127.0.0.1. */
  remoteAddress?: string;
  /** Sent with every call (e.g. X-Forwarded-For). */
  headers?: Record<string, string>;
  name?: string;
  capabilities?: string[];
  resources?: Resources;
}

type Body = { json: unknown } | { raw: string | Buffer | Readable; contentType: string } | Record<string, never>;

export class TestRunner {
  runnerId: string | null = null;

  constructor(
    private readonly app: App,
    private readonly options: RunnerOptions,
  ) {}

  get resources(): Resources {
    return this.options.resources ?? { cpuCores: 4, ramInGb: 16 };
  }

  call(method: 'GET' | 'POST' | 'PUT', url: string, body: Body = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...this.options.headers, authorization: `Bearer ${this.options.token}` };
    if (this.runnerId) headers['x-runner-id'] = this.runnerId;
    let payload: string | Buffer | Readable | undefined;
    if ('json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if ('raw' in body) {
      headers['content-type'] = body.contentType;
      payload = body.raw;
    }
    return this.app.inject({
      method,
      url: `${API}/jobs/runner${url}`,
      headers,
      payload,
      remoteAddress: this.options.remoteAddress ?? '127.0.0.1',
    });
  }

  async connect(jobs: number[] = []): Promise<RunnerWelcome> {
    const response = await this.call('POST', '/connect', {
      json: {
        ...(this.runnerId ? { runnerId: this.runnerId } : {}),
        name: this.options.name ?? 'test-runner',
        capabilities: this.options.capabilities ?? ['engine'],
        totalResources: this.resources,
        availableResources: this.resources,
        jobs,
      },
    });
    const welcome = ok<RunnerWelcome>(response, 'connect');
    this.runnerId = welcome.runnerId;
    return welcome;
  }

  heartbeat(jobs: number[]): Promise<LightMyRequestResponse> {
    return this.call('POST', '/heartbeat', { json: { availableResources: this.resources, jobs } });
  }

  claim(claimId: string = randomUUID(), available: Resources = this.resources): Promise<LightMyRequestResponse> {
    return this.call('POST', '/claim', { json: { claimId, availableResources: available } });
  }

  /** Claims and answers the job (null when nothing fits), failing on any error. */
  async claimJob(claimId?: string, available?: Resources): Promise<ClaimedJob | null> {
    return ok<{ job: ClaimedJob | null }>(await this.claim(claimId, available), 'claim').job;
  }

  inputFile(jobId: number, fileId: number): Promise<LightMyRequestResponse> {
    return this.call('GET', `/jobs/${jobId}/files/${fileId}`);
  }

  started(jobId: number): Promise<LightMyRequestResponse> {
    return this.call('POST', `/jobs/${jobId}/started`);
  }

  log(jobId: number, text: string, contentType = 'text/plain'): Promise<LightMyRequestResponse> {
    return this.call('POST', `/jobs/${jobId}/log`, { raw: text, contentType });
  }

  progress(jobId: number, progress: { iteration?: number; memory?: { time: number; key: string; value: number }[] }): Promise<LightMyRequestResponse> {
    return this.call('POST', `/jobs/${jobId}/progress`, { json: progress });
  }

  stats(jobId: number, name: 'scorestats' | 'modestats', csv: string | Buffer): Promise<LightMyRequestResponse> {
    return this.call('PUT', `/jobs/${jobId}/stats/${name}`, { raw: csv, contentType: 'text/csv' });
  }

  output(jobId: number, outputPath: string, content: string | Buffer | Readable): Promise<LightMyRequestResponse> {
    return this.call('POST', `/jobs/${jobId}/outputs?path=${encodeURIComponent(outputPath)}`, { raw: content, contentType: 'application/octet-stream' });
  }

  finish(jobId: number, status: 'FINISHED' | 'FAILED' | 'CANCELLED', exitCode: number | null = 0, message?: string): Promise<LightMyRequestResponse> {
    return this.call('POST', `/jobs/${jobId}/finish`, { json: { status, exitCode, ...(message ? { message } : {}) } });
  }
}

export function ok<T>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** A runner token from the administrators' API (default ranges: loopback only). */
export async function createRunnerToken(app: App, adminCookie: string, ranges: { ipv4range?: string; ipv6range?: string } = {}): Promise<{ id: number; token: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `${API}/jobs/runners`,
    headers: { cookie: adminCookie },
    payload: { description: 'test', ipv4range: ranges.ipv4range ?? '127.0.0.1/32', ipv6range: ranges.ipv6range ?? '::1/128' },
  });
  return ok<{ id: number; token: string }>(response, 'runner token');
}

export interface ScenarioInputs {
  scenarioId: number;
  key: string;
  files: { config: { id: number; name: string }; network: { id: number; name: string }; population: { id: number; name: string } };
}

/** A scenario with equil's config, network and population attached, its network previews done. */
export async function scenarioWithInputs(app: App, session: Session, key = 'equil'): Promise<ScenarioInputs> {
  const scenario = await createScenario(app, session, { key, name: 'Equil', attributes: { __crs: 'Atlantis' } });
  const read = (name: string) => readFile(path.join(SHARED_DATA, 'equil', name));
  const uploaded = await uploadOk(app, session, [
    { name: 'config.xml', content: await read('config.xml') },
    { name: 'network.xml', content: await read('network.xml') },
    { name: 'plans100.xml', content: await read('plans100.xml') },
  ]);
  for (const file of uploaded) await attach(app, session, scenario.id, file.id);
  // The network previews are written in the background; tests that count blobs need them done.
  await networkJob(app, session, scenario.id);
  const [config, network, population] = uploaded.map((f) => ({ id: f.id, name: f.name }));
  return { scenarioId: scenario.id, key: scenario.key, files: { config: config!, network: network!, population: population! } };
}

/** The schedule form's payload for the scenario; `overrides` replace fields. */
export function schedulePayload(session: Session, inputs: ScenarioInputs, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { config, network, population } = inputs.files;
  return {
    type: 'matsim',
    name: 'Equil Run 1',
    group: session.groupId,
    files: [
      { file: config.id, name: config.name, role: 'config' },
      { file: network.id, name: network.name, role: 'network' },
      { file: population.id, name: population.name, role: 'population' },
    ],
    scenarioId: inputs.scenarioId,
    description: 'first try',
    changesets: [],
    memory: '4g',
    programArgs: '',
    matsimRunId: 'equil_1',
    ...overrides,
  };
}

export function schedule(app: App, session: Session, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${API}/jobs/jobs`, headers: { cookie: session.cookie }, payload });
}

/** Schedules and answers {id (job), datasetId (run), key}, failing on any error. */
export async function scheduleOk(app: App, session: Session, inputs: ScenarioInputs, overrides: Record<string, unknown> = {}): Promise<{ id: number; datasetId: number; key: string }> {
  return ok(await schedule(app, session, schedulePayload(session, inputs, overrides)), 'schedule');
}

export async function getJob(app: App, session: Session, jobId: number): Promise<LightMyRequestResponse> {
  return app.inject({ url: `${API}/jobs/jobs/${jobId}`, headers: { cookie: session.cookie } });
}

/**
 * A heartbeat monitor of its own over the test app's database and clock, as a new server process would start one;
 * the test drives its ticks (the app's own monitor should get an interval far beyond the test).
 */
export async function testMonitor(t: TestApp, now: () => Date, externalTimeoutMs?: number, requeueOnLoss?: boolean): Promise<HeartbeatMonitor> {
  const db = t.database.db;
  const lifecycle = new JobLifecycle({ db, log: new JobLog(db, await LogStore.open(path.join(t.config.dataDir, 'logs'))), now });
  return new HeartbeatMonitor({
    repository: new RunnerProtocolRepository(db),
    lifecycle,
    now,
    intervalMs: 60_000,
    timeoutMs: 60_000,
    ...(externalTimeoutMs === undefined ? {} : { externalTimeoutMs }),
    log: { error: () => undefined, warn: () => undefined, info: () => undefined },
    ...(requeueOnLoss === undefined ? {} : { requeueOnLoss: async () => requeueOnLoss }),
  });
}
