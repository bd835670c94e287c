/**
 * Two real server processes (apps/server/src/main.ts) on one PostgreSQL database and one DATA_DIR (issue 30, "More
 * than one server"). Requests alternate between them: a session made on A works on B, sign-in limits count across
 * both, a runner claims on A and reports on B. 10 networks and 5 finished runs are post-processed exactly once —
 * each item's "background work done" line appears once in the two logs together — while B is killed with SIGKILL
 * holding claims, and A finishes what B left. Then SIGTERM ends A gracefully while it prepares a run's vehicle data,
 * and a third server takes that over at once. PostgreSQL pass only (vitest.config.ts):
 * PGlite is one process's database.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { adminDatabaseUrl, API, setupAdmin } from './harness.ts';
import { createRunnerToken, ok, scenarioWithInputs, scheduleOk, TestRunner } from './runner-client.ts';
import { attach, createScenario, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';
import { ServerProcess } from '../../runner/test/server-process.ts';
import { pollUntil } from '../../runner/test/support.ts';

const OUTPUTS = 'output-equil-2024';
/** A finished run's outputs: tables (trips, scores, modes), the output network and the events for the vehicle data. */
const OUTPUT_NAMES = ['output_trips.csv.gz', 'scorestats.csv', 'modestats.csv', 'output_network.xml.gz', 'output_events.xml.gz'];

/** A server process on the shared database and DATA_DIR; `app` answers `inject` over HTTP, as the test helpers expect. */
class Server {
  private readonly process: ServerProcess;
  origin = '';
  serverId = '';

  /** `leaseMs`: how long its claims last unrenewed (WORK_LEASE_MS). */
  constructor(dataDir: string, databaseUrl: string, leaseMs: number) {
    this.process = new ServerProcess(dataDir, 0, {
      DATABASE_URL: databaseUrl,
      EMBEDDED_RUNNER: 'false',
      WORK_LEASE_MS: String(leaseMs),
      // Every server looks for work 5 times a second.
      WORK_POLL_MS: '200',
    });
  }

  get lines(): string[] {
    return this.process.lines;
  }

  get child(): ChildProcess {
    return this.process.child;
  }

  get exited(): Promise<number | null> {
    return this.process.exited;
  }

  async ready(): Promise<void> {
    const started = await pollUntil(() => {
      if (this.child.exitCode !== null) throw new Error(`the server exited:\n${this.lines.slice(-20).join('\n')}`);
      return this.json().find((l) => l.msg === 'Corridor started');
    }, 60_000, () => this.lines.slice(-20).join('\n'));
    this.origin = new URL(String(started.listening)).origin.replace('localhost', '127.0.0.1');
    this.serverId = String(started.serverId);
  }

  /** The pino lines of the log. */
  json(): Record<string, unknown>[] {
    return this.lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }

  get app(): App {
    return { inject: (options: InjectOptions) => inject(this.origin, options) } as unknown as App;
  }
}

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/** light-my-request's answer shape over a real HTTP call (statusCode, body, json(), cookies). */
async function inject(origin: string, { method = 'GET', url, headers = {}, payload }: InjectOptions) {
  const json = payload !== undefined && !Buffer.isBuffer(payload) && typeof payload !== 'string';
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    body: payload === undefined ? undefined : json ? JSON.stringify(payload) : (payload as string | Buffer),
  });
  const body = await response.text();
  const cookies = response.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const at = pair!.indexOf('=');
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1) };
  });
  return { statusCode: response.status, body, json: () => JSON.parse(body), cookies, headers: Object.fromEntries(response.headers) };
}

describe('two servers on one PostgreSQL database', () => {
  let dataDir: string;
  let databaseUrl: string;
  let databaseName: string;
  let db: pg.Client;
  let a: Server;
  let b: Server;
  let c: Server | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'corridor-two-servers-'));
    databaseName = `corridor_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client(adminDatabaseUrl());
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    // Started together on an empty database: one migrates while the other waits for the migration lock.
    // B's claims run out 3 s after it dies; A's would take a minute, so what A hands back at SIGTERM is taken at once.
    a = new Server(dataDir, databaseUrl, 60_000);
    b = new Server(dataDir, databaseUrl, 3_000);
    await Promise.all([a.ready(), b.ready()]);
    db = new pg.Client(databaseUrl);
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b, c]) if (server?.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await db?.end();
    const admin = new pg.Client(adminDatabaseUrl());
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shares sessions, sign-in limits and the runner protocol, post-processes every item once, survives kill -9 and hands work back on SIGTERM', async () => {
    expect(a.serverId).not.toBe(b.serverId);
    // A session made on A is valid on B.
    const cookie = await setupAdmin(a.app);
    const validated = ok<{ userId: number; groupId: number }>(await b.app.inject({ url: `${API}/accounts/validate`, headers: { cookie } }), 'validate on B');
    const session: Session = { cookie, userId: validated.userId, groupId: validated.groupId, username: 'admin' };

    // Sign-in limits count across both: five failures alternating, then both refuse the pair.
    const login = (server: Server) => server.app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: { username: 'mallory', password: 'guess' } });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 === 0 ? a : b)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(429);

    // Ten networks: equil's scenario (with config and plans for the runs), nine more scenarios alternating servers.
    const inputs = await scenarioWithInputs(a.app, session);
    const network = await readFile(path.join(SHARED_DATA, 'equil', 'network.xml'));
    const scenarios = [inputs.scenarioId];
    for (let i = 1; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      const scenario = await createScenario(server.app, session, { key: `net-${i}`, name: `Network ${i}`, attributes: { __crs: 'Atlantis' } });
      const [file] = await uploadOk(server.app, session, [{ name: `network-${i}.xml`, content: network }]);
      await attach(server.app, session, scenario.id, file!.id);
      scenarios.push(scenario.id);
    }

    // Five runs: the runner claims each on A and reports on B (started, outputs, finish).
    const { token } = await createRunnerToken(a.app, cookie);
    const onA = new TestRunner(a.app, { token, name: 'two-servers' });
    await onA.connect();
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const scheduled = await scheduleOk(b.app, session, inputs, { name: `Run ${i}`, matsimRunId: `run_${i}` });
      const claimed = await onA.claimJob();
      expect(claimed?.jobId).toBe(scheduled.id);
      const onB = new TestRunner(b.app, { token, name: 'two-servers' });
      onB.runnerId = onA.runnerId;
      expect((await onB.started(scheduled.id)).statusCode).toBe(200);
      for (const name of OUTPUT_NAMES) {
        const uploaded = await onB.output(scheduled.id, name, await readFile(path.join(SHARED_DATA, OUTPUTS, name)));
        expect(uploaded.statusCode, uploaded.body).toBe(200);
      }
      expect((await onB.finish(scheduled.id, 'FINISHED', 0)).statusCode).toBe(200);
      runs.push(scheduled.datasetId);
    }

    // B dies holding claims (SIGKILL: no handing back); A takes its items once their leases run out. B is frozen
    // (SIGSTOP) while its claims are read, so the claims read are the ones it dies with.
    const held = await pollUntil(async () => {
      b.child.kill('SIGSTOP');
      const { rows } = await db.query<{ kind: string; subject_id: number }>('select kind, subject_id from background_work where claimed_by = $1', [b.serverId]);
      if (rows.length > 0) return rows;
      b.child.kill('SIGCONT');
      return false;
    }, 30_000, () => 'B to hold a claim');
    b.child.kill('SIGKILL');
    await b.exited;

    const dataset = async (id: number) => ok<{ attributes: Record<string, { status: string } | undefined> }>(await a.app.inject({ url: `${API}/datasets/datasets/${id}`, headers: { cookie } }), 'dataset');
    const ended = (step?: { status: string }) => step?.status === 'FINISHED';
    await pollUntil(async () => {
      for (const id of scenarios) if (!ended((await dataset(id)).attributes.networkPostProcessingJob)) return false;
      for (const id of runs) {
        const { attributes } = await dataset(id);
        if (!ended(attributes.postProcessRun) || !ended(attributes.postProcessVehicles)) return false;
      }
      return true;
    }, 120_000, () => 'every network and run to be post-processed');
    await pollUntil(async () => (await db.query('select 1 from background_work')).rowCount === 0, 30_000, () => 'the queue to empty');

    // Each item done once over both logs: 10 scenario networks + 5 output networks, 5 runs' tables, 5 vehicle data.
    const done = [...a.json(), ...b.json()].filter((l) => l.event === 'work.done');
    const counts = new Map<string, number>();
    for (const line of done) counts.set(`${line.kind} ${line.subjectId}`, (counts.get(`${line.kind} ${line.subjectId}`) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1), JSON.stringify([...counts])).toBe(true);
    const byKind = (kind: string) => done.filter((l) => l.kind === kind).length;
    expect([byKind('network'), byKind('run-tables'), byKind('vehicle-data')]).toEqual([15, 5, 5]);
    // What B held when it died was done by A, on a later claim (a vehicle data item is claimed again each time it
    // waited for its network).
    for (const { kind, subject_id } of held) {
      const line = done.find((l) => l.kind === kind && l.subjectId === subject_id);
      expect(line).toMatchObject({ serverId: a.serverId });
      expect(Number(line!.attempts)).toBeGreaterThanOrEqual(2);
    }
    // SIGTERM hands back what A holds: a third server C (frozen until then, so A claims everything) takes A's vehicle
    // data of a sixth run (newwest's events: long enough to be under way) at once, not after A's one-minute lease.
    c = new Server(dataDir, databaseUrl, 3_000);
    await c.ready();
    c.child.kill('SIGSTOP');
    const scheduled = await scheduleOk(a.app, session, inputs, { name: 'Run 6', matsimRunId: 'run_6' });
    expect((await onA.claimJob())?.jobId).toBe(scheduled.id);
    await onA.started(scheduled.id);
    await onA.output(scheduled.id, 'output_network.xml.gz', await readFile(path.join(SHARED_DATA, OUTPUTS, 'output_network.xml.gz')));
    await onA.output(scheduled.id, 'output_events.xml.gz', await readFile(path.join(SHARED_DATA, 'output-newwest-2024', 'output_events.xml.gz')));
    expect((await onA.finish(scheduled.id, 'FINISHED', 0)).statusCode).toBe(200);
    const vehicleClaim = "select claimed_by from background_work where kind = 'vehicle-data' and subject_id = $1";
    // Frozen while it holds the claim (not between two claims while the vehicle data waits for the run's network).
    await pollUntil(async () => {
      a.child.kill('SIGSTOP');
      if ((await db.query(vehicleClaim, [scheduled.datasetId])).rows[0]?.claimed_by === a.serverId) return true;
      a.child.kill('SIGCONT');
      return false;
    }, 60_000, () => 'A to prepare the vehicle data');
    a.child.kill('SIGTERM');
    a.child.kill('SIGCONT');
    c.child.kill('SIGCONT');
    expect(await a.exited).toBe(0);
    expect(a.json().some((l) => l.msg === 'background work handed back')).toBe(true);
    const byC = await pollUntil(() => c!.json().find((l) => l.event === 'work.done' && l.kind === 'vehicle-data' && l.subjectId === scheduled.datasetId), 30_000, () => 'C to prepare the vehicle data A handed back');
    // Done by C well within A's one-minute lease: handed back, not expired.
    expect(byC).toMatchObject({ serverId: c.serverId });
    const onC = ok<{ attributes: Record<string, { status: string }> }>(await c.app.inject({ url: `${API}/datasets/datasets/${scheduled.datasetId}`, headers: { cookie } }), 'run 6');
    expect(onC.attributes.postProcessVehicles?.status).toBe('FINISHED');
  }, 240_000);
});
