/**
 * The harness of the runner's end-to-end files: a real server on a free port (PGlite, real file store) with an
 * administrator, a runner token made through the API and the demo scenario; the real corridor-runner process (the
 * token in its environment, as a user starts it); API calls, scheduling, waiting, logs, run tables; Java programs
 * built with the machine's JDK. Each test file gets its own copy of this module's state (vitest isolates files).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { API, createTestApp, setupAdmin, ADMIN, type TestApp } from '../../server/test/harness.ts';
import { signIn, type Session } from '../../server/test/workspace-helpers.ts';
import { pollUntil } from './support.ts';

const RUNNER_BIN = fileURLToPath(new URL('../bin/corridor-runner.mjs', import.meta.url));
/** The repository (Corridor's install). */
export const REPO = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

export let t: TestApp;
export let admin: Session;
export let workDir: string;
/** The runner's --engines folder: MATSim release zips as the setup wizard stores them. */
export let enginesDir: string;
export let scenario: { id: number; files: { id: number; name: string }[] };
/** Folders removed after the file's tests. */
export const tempDirs: string[] = [];
/** The runner started last. */
export let runner: RunnerProcess;
/** The runners' token. */
export let token: string;
let serverUrl: string;

export interface RunnerOptions {
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** The runner's script; default the repository's bin/corridor-runner.mjs (the runner bundle's for bundle.test.ts). */
  bin?: string;
  /** The environment `env` adds to; default this process's. */
  baseEnv?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** The runner as a user starts it: its own process, the token in the environment. */
export class RunnerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    options: RunnerOptions = {},
  ) {
    const args = ['--server', serverUrl, '--name', name, '--work', workDir, '--engines', enginesDir, '--cpus', '2', '--ram', '8', ...(options.args ?? [])];
    this.child = spawn(process.execPath, [options.bin ?? RUNNER_BIN, ...args], {
      env: { ...(options.baseEnv ?? process.env), ...options.env, CORRIDOR_RUNNER_TOKEN: token },
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) createInterface({ input: stream }).on('line', (line) => this.lines.push(line));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** The pid of the job's process, from the runner's own log. */
  async jobPid(jobId: number): Promise<number> {
    const line = await waitFor(() => this.lines.find((l) => l.includes(`job ${jobId}: started (pid `)));
    return Number(/\(pid (\d+)\)/.exec(line)![1]);
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** SIGTERM and wait for the exit. */
  async stop(): Promise<void> {
    this.kill('SIGTERM');
    await this.exited;
  }
}

/** The server (with `env`), the administrator, a token for 127.0.0.1, the demo scenario and the folders. */
export async function startServer(env: Record<string, string> = {}): Promise<void> {
  t = await createTestApp({ env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await setupAdmin(t.app);
  admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  workDir = await tempDir('runner-work-');
  enginesDir = await tempDir('runner-engines-');
  token = (await call('POST', '/jobs/runners', { description: 'test runner', ipv4range: '127.0.0.1/32' })).token;
  const demo = await call('POST', '/datasets/datasets', {
    groupId: admin.groupId,
    key: 'demo',
    name: 'Demo',
    description: '',
    type: 'scenario',
    template: 'demo-grid',
    attributes: {},
  });
  scenario = await call('GET', `/datasets/datasets/${demo.id}`);
}

/** Starts a runner (it becomes `runner`); `connected` also waits until the server lists it. */
export async function startRunner(name: string, options: RunnerOptions & { connected?: boolean } = {}): Promise<RunnerProcess> {
  runner = new RunnerProcess(name, options);
  if (options.connected ?? true) await connectedRunner(name);
  return runner;
}

/** The Runners page's entry of the connected runner `name`, once there is one. */
export function connectedRunner(name: string): Promise<{ name: string; sandboxed: boolean }> {
  return waitFor(async () => {
    const tokens: { connectedRunners: { name: string; sandboxed: boolean }[] }[] = await call('GET', '/jobs/runners/list');
    return tokens.flatMap((tk) => tk.connectedRunners).find((r) => r.name === name);
  });
}

export async function stopAll(): Promise<void> {
  await runner?.stop();
  await t?.close();
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
}

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `${API}${url}`, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Schedules a run of the demo scenario with the built-in engine (the default job template). */
export async function schedule(
  key: string,
  programArgs: string,
  jobTemplate?: number,
  extraFiles: { file: number; name: string; role: string }[] = [],
  extra: object = {},
): Promise<{ id: number; datasetId: number }> {
  const role = (name: string) => (name === 'config.xml' ? 'config' : name.startsWith('network') ? 'network' : 'population');
  return call('POST', '/jobs/jobs', {
    type: 'matsim',
    name: `Demo ${key}`,
    group: admin.groupId,
    scenarioId: scenario.id,
    files: [...scenario.files.filter((f) => !f.name.endsWith('.jar')).map((f) => ({ file: f.id, name: f.name, role: role(f.name) })), ...extraFiles],
    memory: '1g',
    programArgs,
    matsimRunId: `${key}_1`,
    ...(jobTemplate === undefined ? {} : { jobTemplate }),
    ...extra,
  });
}

export async function waitForJob(jobId: number, status: string, timeoutMs = 60_000) {
  return waitFor(async () => {
    const job = await call('GET', `/jobs/jobs/${jobId}`);
    if (['FINISHED', 'FAILED', 'CANCELLED'].includes(job.jobStatus) && job.jobStatus !== status) {
      throw new Error(`job ${jobId} ended ${job.jobStatus}, not ${status}: ${job.message}\n${runner.lines.join('\n')}`);
    }
    return job.jobStatus === status ? job : undefined;
  }, timeoutMs);
}

export async function runLog(datasetId: number): Promise<string> {
  const files: { id: number; type: string }[] = await call('GET', `/datasets/datasets/${datasetId}/sysfiles`);
  const log = files.find((f) => f.type === 'stdout');
  if (!log) throw new Error('the run has no log');
  return (await t.app.inject({ url: `${API}/datasets/sysfiles/${log.id}`, headers: { cookie: admin.cookie } })).body;
}

/** Every output file of a run as its users download it, gzip files unpacked: name and text. */
export async function outputTexts(datasetId: number): Promise<{ name: string; text: string }[]> {
  const files: { id: number; name: string }[] = (await call('GET', `/datasets/datasets/${datasetId}`)).files;
  const texts = [];
  for (const file of files) {
    const bytes = (await t.app.inject({ url: `${API}/datasets/files/${file.id}?dl=1`, headers: { cookie: admin.cookie } })).rawPayload;
    const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
    texts.push({ name: file.name, text: (gzip ? gunzipSync(bytes) : bytes).toString('utf8') });
  }
  return texts;
}

export async function table(datasetId: number, name: string, columns: string[]): Promise<(string | number | null)[][]> {
  const answer = await call('POST', `/datasets/datasets/${datasetId}/tables/${name}/query`, {
    query: { select: columns.map((column) => ({ column })) },
    shape: 'RAW',
  });
  return answer.rows;
}

export function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  return pollUntil(check, timeoutMs, () => `${runner?.lines.slice(-30).join('\n')}`);
}

/** A runnable jar (`java -jar`) of one Java class, built with the machine's JDK (javac and jar). */
export async function javaJar(mainClass: string, source: string): Promise<string> {
  const dir = await tempDir('java-jar-');
  const file = path.join(dir, 'src', ...mainClass.split('.')) + '.java';
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, source);
  const classes = path.join(dir, 'classes');
  const jar = path.join(dir, `${mainClass.split('.').at(-1)}.jar`);
  await exec('javac', ['-d', classes, file]);
  await exec('jar', ['--create', '--file', jar, '--main-class', mainClass, '-C', classes, '.']);
  return jar;
}

export function exec(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${errors}`))));
  });
}
