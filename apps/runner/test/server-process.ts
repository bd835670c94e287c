/**
 * The real server as `npm start` runs it (apps/server/src/main.ts in its own process, with its embedded runner) on
 * a given DATA_DIR, for the embedded-runner tests: start, sign in, call the API over HTTP, schedule the demo
 * scenario, read a run's outputs; which runner pids it started or adopted; processes left on a DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { pollUntil } from './support.ts';

const MAIN = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
const FINAL = ['FINISHED', 'FAILED', 'CANCELLED'];

export class ServerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  readonly child: ChildProcess;
  base = '';
  private cookie = '';

  /** port 0: any free port (a restarted server then has another address, so its runner is not adopted). */
  constructor(readonly dataDir: string, port = 0, env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'info',
        RUNNER_HEARTBEAT_MS: '250',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a test can press "Ctrl-C" (SIGINT to the whole group) without hitting vitest.
      detached: true,
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) createInterface({ input: stream }).on('line', (line) => this.lines.push(line));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  static async start(dataDir: string, port = 0, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
    const server = new ServerProcess(dataDir, port, env);
    await server.ready();
    return server;
  }

  async ready(): Promise<void> {
    const line = await this.waitFor(() => {
      if (!this.running) throw new Error(`the server exited:\n${this.lines.slice(-20).join('\n')}`);
      return this.lines.find((l) => l.startsWith('Corridor is listening on '));
    }, 60_000);
    this.base = `http://127.0.0.1:${new URL(line.slice('Corridor is listening on '.length)).port}/api/v1`;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  setup(): Promise<{ groupId: number }> {
    return this.signIn('/accounts/setup');
  }

  async signIn(url = '/accounts/login'): Promise<{ groupId: number }> {
    const response = await fetch(`${this.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'secret-password' }),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    this.cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return this.call('GET', '/accounts/validate');
  }

  /** An API answer as JSON (the assertions check its shape). */
  async call(method: string, url: string, body?: object): Promise<any> {
    const response = await this.fetch(method, url, body);
    return response.json();
  }

  /** The pids of the embedded runners the server started or adopted, from its log. */
  runnerPids(how: 'started' | 'adopted' = 'started'): number[] {
    return this.lines
      .filter((l) => l.includes(`"msg":"embedded runner ${how}`))
      .map((l) => (JSON.parse(l) as { pid: number }).pid);
  }

  async embeddedRunnerConnected(): Promise<boolean> {
    const tokens: { embedded: boolean; connectedRunners: { name: string }[] }[] = await this.call('GET', '/jobs/runners/list');
    return tokens.some((t) => t.embedded && t.connectedRunners.some((r) => r.name === 'embedded'));
  }

  /** The demo scenario (made on first use) run with `lastIteration`. */
  async scheduleDemo(groupId: number, runId: string, lastIteration: number): Promise<{ id: number; datasetId: number }> {
    let scenario = (await this.call('GET', '/datasets/scenarios')).find((s: { key: string }) => s.key === 'demo');
    scenario ??= await this.call('POST', '/datasets/datasets', {
      groupId, key: 'demo', name: 'Demo', description: '', type: 'scenario', template: 'demo-grid', attributes: {},
    });
    const { files } = await this.call('GET', `/datasets/datasets/${scenario.id}`);
    const role = (name: string) => (name === 'config.xml' ? 'config' : name.startsWith('network') ? 'network' : 'population');
    return this.call('POST', '/jobs/jobs', {
      type: 'matsim', name: runId, group: groupId, scenarioId: scenario.id, memory: '1g', matsimRunId: runId,
      programArgs: `--config:controller.lastIteration=${lastIteration}`,
      files: files.map((f: { id: number; name: string }) => ({ file: f.id, name: f.name, role: role(f.name) })),
    });
  }

  async job(jobId: number): Promise<{ jobStatus: string; message?: string; runnerName?: string }> {
    return this.call('GET', `/jobs/jobs/${jobId}`);
  }

  waitForEnd(jobId: number, timeoutMs = 60_000): Promise<{ jobStatus: string; message?: string; runnerName?: string }> {
    return this.waitFor(async () => {
      const job = await this.job(jobId);
      return FINAL.includes(job.jobStatus) ? job : undefined;
    }, timeoutMs);
  }

  /** What a run left that must not depend on how it got there: its events and its score statistics. */
  async runOutputs(datasetId: number): Promise<{ events: number; scoreStats: unknown[][]; files: string[] }> {
    const files: { id: number; name: string }[] = (await this.call('GET', `/datasets/datasets/${datasetId}`)).files;
    const eventsFile = files.find((f) => f.name.endsWith('output_events.xml.gz'));
    if (!eventsFile) throw new Error(`run ${datasetId} has no output_events.xml.gz: ${files.map((f) => f.name).join(', ')}`);
    const bytes = Buffer.from(await (await this.fetch('GET', `/datasets/files/${eventsFile.id}?dl=1`)).arrayBuffer());
    const events = gunzipSync(bytes).toString('utf8').match(/<event /g)?.length ?? 0;
    const { rows } = await this.call('POST', `/datasets/datasets/${datasetId}/tables/scoreStats/query`, {
      query: { select: ['iteration', 'key', 'value'].map((column) => ({ column })) },
      shape: 'RAW',
    });
    return { events, scoreStats: rows, files: files.map((f) => f.name.replace(/^[^.]+\./, '')).sort() };
  }

  waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
    return pollUntil(check, timeoutMs, () => `server log:\n${this.lines.slice(-40).join('\n')}`);
  }

  private async fetch(method: string, url: string, body?: object): Promise<Response> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: { cookie: this.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  }
}

/**
 * A port free right now, so a restarted server can listen where its runner looks for it. Below the ephemeral range
 * (32768–60999): there, a runner knocking while the server is down may get the port as its own source port and
 * connect to itself, which keeps the port taken.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Live processes whose command line names `dir` (runners working in it, their bwrap): none once all has ended. */
export function processesUsing(dir: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) found.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** SIGKILL for what a test left running on `dir` (its runners and their jobs). */
export function killProcessesUsing(dir: string): void {
  for (const pid of processesUsing(dir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
