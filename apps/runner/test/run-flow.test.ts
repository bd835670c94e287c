/**
 * Runs end to end: a real server on a free port (PGlite, real file store), the real corridor-runner process with a
 * token made through the API, and the built-in engine on the demo scenario. Heartbeats are fast and the heartbeat
 * timeout short, so a runner killed mid-run loses its job within seconds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { JOB_PATH_MESSAGES, jobPathsProblem } from '@corridor/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/src/db/schema.ts';
import { API, createTestApp, setupAdmin, ADMIN, type TestApp } from '../../server/test/harness.ts';
import { attach, signIn, uploadOk, type Session } from '../../server/test/workspace-helpers.ts';
import { isAlive, pollUntil } from './support.ts';

const RUNNER_BIN = fileURLToPath(new URL('../bin/corridor-runner.mjs', import.meta.url));
/** The repository (Corridor's install): no user-visible text may name it. */
const REPO = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
const HEARTBEAT_TIMEOUT_MS = 2_500;

let t: TestApp;
let admin: Session;
let serverUrl: string;
let token: string;
let workDir: string;
/** The runner's --engines folder: MATSim release zips as the setup wizard stores them. */
let enginesDir: string;
let scenario: { id: number; files: { id: number; name: string }[] };
const tempDirs: string[] = [];

/** The runner as a user starts it: its own process, the token in the environment. */
class RunnerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(name: string) {
    this.child = spawn(process.execPath, [RUNNER_BIN, '--server', serverUrl, '--name', name, '--work', workDir, '--engines', enginesDir, '--cpus', '2', '--ram', '8'], {
      env: { ...process.env, CORRIDOR_RUNNER_TOKEN: token },
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
}

let runner: RunnerProcess;

beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_HEARTBEAT_MS: '250', RUNNER_HEARTBEAT_TIMEOUT_MS: String(HEARTBEAT_TIMEOUT_MS) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await setupAdmin(t.app);
  admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  workDir = await mkdtemp(path.join(tmpdir(), 'runner-work-'));
  enginesDir = await mkdtemp(path.join(tmpdir(), 'runner-engines-'));
  tempDirs.push(enginesDir);

  const created = await call('POST', '/jobs/runners', { description: 'test runner', ipv4range: '127.0.0.1/32' });
  token = created.token;
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
  runner = new RunnerProcess('test-runner');
  await waitFor(async () => {
    const tokens: { connectedRunners: { name: string }[] }[] = await call('GET', '/jobs/runners/list');
    return tokens.some((tk) => tk.connectedRunners.some((r) => r.name === 'test-runner'));
  });
}, 60_000);

afterAll(async () => {
  runner?.kill('SIGTERM');
  await runner?.exited;
  await t?.close();
  for (const dir of [workDir, ...tempDirs]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a run through the runner agent', { timeout: 120_000 }, () => {
  it('runs a scheduled demo run to FINISHED: log, iterations, memory, stats and every output uploaded', async () => {
    const { id: jobId, datasetId } = await schedule('finished', '--config:controller.lastIteration=2');
    const job = await waitForJob(jobId, 'FINISHED');
    expect(job).toMatchObject({ jobStatus: 'FINISHED', exitCode: 0, runnerName: 'test-runner' });

    const run = await call('GET', `/datasets/run/${datasetId}`);
    expect(run.status).toBe('FINISHED');
    expect(run.run.currentIteration).toBe(2);
    expect(run.run.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['runStarted', 'runFinished']));

    const outputs = (await call('GET', `/datasets/datasets/${datasetId}`)).files.map((f: { name: string }) => f.name);
    expect(outputs).toEqual(
      expect.arrayContaining([
        'finished_1.scorestats.csv',
        'finished_1.modestats.csv',
        'finished_1.output_events.xml.gz',
        'finished_1.output_plans.xml.gz',
        'logfile.log',
        'ITERS/it.2/finished_1.2.events.xml.gz',
      ]),
    );

    const log = await runLog(datasetId);
    for (const i of [0, 1, 2]) expect(log).toContain(`### ITERATION ${i} BEGINS`);
    expect(log.match(/### ITERATION 0 BEGINS/g)).toHaveLength(1);
    expect(log).toContain('corridor-runner: ');

    const scores = await table(datasetId, 'scoreStats', ['iteration', 'value', 'key']);
    expect(new Set(scores.map((row) => row[0]))).toEqual(new Set([0, 1, 2]));
    const modes = await table(datasetId, 'modeStats', ['iteration', 'value', 'key']);
    expect(modes.filter((row) => row[2] === 'car')).toHaveLength(3);
    const memory = await table(datasetId, 'memory', ['time', 'value', 'key']);
    expect(memory.some((row) => row[2] === 'used' && Number(row[1]) > 0)).toBe(true);

    // The job's folder on the runner is cleaned up once everything is uploaded.
    await waitFor(async () => !(await readdir(workDir)).includes(`job-${jobId}`));
  });

  it('fails a run whose config names a missing file, with the engine error on the run and in the log, and no host path in either', async () => {
    const { id: jobId, datasetId } = await schedule('broken', '--config:network.inputNetworkFile=missing/network.xml');
    const job = await waitForJob(jobId, 'FAILED');
    expect(job.exitCode).toBe(1);
    expect(job.message).toBe("The engine exited with code 1. corridor-engine: ENOENT: no such file or directory, open './input/missing/network.xml'");
    const run = await call('GET', `/datasets/run/${datasetId}`);
    expect(run.run).toMatchObject({ status: 'FAILED', exitCode: 1 });
    const log = await runLog(datasetId);
    expect(log).toContain("corridor-engine: ENOENT: no such file or directory, open './input/missing/network.xml'");
    expect(log).toContain('corridor-runner: node <corridor>/packages/engine/bin/corridor-engine.mjs ./input/corridor-working-config.xml');
    // What users see names no folder of the server's or the runner's host, and shows no stack trace.
    for (const text of [log, job.message, run.run.message ?? '']) {
      for (const hostPath of [workDir, t.config.dataDir, REPO, enginesDir]) expect(text).not.toContain(hostPath);
      expect(text).not.toMatch(/\n\s+at /);
    }
  });

  it('fails a run whose command cannot be started, with the reason', async () => {
    const template = await call('POST', '/jobs/templates', { name: 'Missing program', command: '/no/such/program $CONFIG $ARGS' });
    const { id: jobId } = await schedule('unstartable', '', template.id);
    const job = await waitForJob(jobId, 'FAILED');
    expect(job).toMatchObject({ exitCode: null, message: 'The job command could not be started: spawn /no/such/program ENOENT' });
  });

  it('fails a job whose hostile arguments and run id got past the server, before anything runs and touching nothing outside its folder', async () => {
    const victim = await mkdtemp(path.join(tmpdir(), 'victim-'));
    tempDirs.push(victim);
    await writeFile(path.join(victim, 'precious.txt'), 'keep me');
    const hostile = {
      programArgs: `--output ${victim} --config:controller.overwriteFiles=deleteDirectoryIfExists --config:network.inputNetworkFile=/etc/hostname`,
      matsimRunId: '../../../x',
    };
    // Queued where no runner can take it, then stored as a server without the check would have stored it.
    const { id: jobId, datasetId } = await schedule('hostile', '', undefined, [], { resourceRequirements: { ramInGb: 1000 } });
    const [row] = await t.database.db.select({ parameters: jobs.parameters }).from(jobs).where(eq(jobs.id, jobId));
    await t.database.db.update(jobs).set({ parameters: { ...row!.parameters, ...hostile }, ramInGb: 1 }).where(eq(jobs.id, jobId));

    const job = await waitForJob(jobId, 'FAILED');
    const message = jobPathsProblem(hostile)!;
    expect(message).toContain(JOB_PATH_MESSAGES.runId);
    expect(message).toContain(JOB_PATH_MESSAGES.outputDirectory(`--output ${victim}`));
    expect(job).toMatchObject({ exitCode: null, message });
    expect(await readFile(path.join(victim, 'precious.txt'), 'utf8')).toBe('keep me');
    expect((await readdir(path.dirname(workDir))).filter((name) => /^x\./.test(name))).toEqual([]);
    expect(runner.lines.some((l) => l.includes(`job ${jobId}: started`))).toBe(false);
    expect(await runLog(datasetId)).toContain(message);
  });

  it('runs a MATSim release the setup wizard downloaded, and says so when a release is missing', async () => {
    // The release zip as the setup wizard stores it: {engines}/matsim-{version}.zip with matsim-{version}/matsim-{version}.jar.
    const release = path.join(await mkdtemp(path.join(tmpdir(), 'release-')), 'matsim-2025.0');
    tempDirs.push(path.dirname(release));
    await mkdir(release);
    await copyFile(await fakeMatsimJar(), path.join(release, 'matsim-2025.0.jar'));
    await exec('jar', ['--create', '--no-manifest', '--file', path.join(enginesDir, 'matsim-2025.0.zip'), '-C', path.dirname(release), '.']);

    const command = '$JAVA -Xmx$Xmx -cp $JAR org.matsim.run.RunMatsim $CONFIG $ARGS';
    const available = await call('POST', '/jobs/templates', { name: 'MATSim 2025.0', matsimVersion: '2025.0', command });
    const { id: jobId, datasetId } = await schedule('release', '', available.id);
    expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0 });
    expect(await runLog(datasetId)).toMatch(/corridor-runner: java -Xmx1g -cp \S+\/engines\/matsim-2025\.0\/matsim-2025\.0\/matsim-2025\.0\.jar org\.matsim\.run\.RunMatsim /);

    const missing = await call('POST', '/jobs/templates', { name: 'MATSim 2024.0', matsimVersion: '2024.0', command });
    const failed = await waitForJob((await schedule('no_release', '', missing.id)).id, 'FAILED');
    expect(failed.message).toBe('MATSim 2024.0 is not available on this runner: download it in the setup wizard, or use a job template with a custom JAR-file.');
  });

  it('runs a Java job with a custom jar: $JAVA, -Xmx$Xmx, $JAR, literal arguments, MemoryObserver readings', async () => {
    const jar = await fakeMatsimJar();
    const [uploaded] = await uploadOk(t.app, admin, [{ name: 'fake-matsim.jar', content: await readFile(jar) }]);
    await attach(t.app, admin, scenario.id, uploaded!.id);
    const template = await call('POST', '/jobs/templates', {
      name: 'Custom jar',
      allowCustomJar: true,
      command: '$JAVA -Xmx$Xmx -jar $JAR $CONFIG $ARGS',
    });
    const { id: jobId, datasetId } = await schedule('java', '; rm -rf . $(whoami)', template.id, [
      { file: uploaded!.id, name: uploaded!.name, role: 'jar' },
    ]);
    expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0 });

    const log = await runLog(datasetId);
    expect(log).toContain('jvm: -Xmx1g');
    expect(log).toContain('args: ./input/corridor-working-config.xml | ; | rm | -rf | . | $(whoami)\n');
    expect((await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration).toBe(2);
    const memory = await table(datasetId, 'memory', ['time', 'value', 'key']);
    expect(memory.filter((row) => row[2] === 'used').map((row) => row[1])).toEqual([100, 101, 102].map((mb) => mb * 1024 * 1024));
    const scores = await table(datasetId, 'scoreStats', ['iteration', 'value', 'key']);
    expect(scores).toContainEqual([0, 1, 'avg_executed']);
    const outputs = (await call('GET', `/datasets/datasets/${datasetId}`)).files.map((f: { name: string }) => f.name);
    expect(outputs).toContain('java_1.scorestats.csv');
  });

  it('cancels a running job: the engine process is stopped and the run ends CANCELLED', async () => {
    const { id: jobId, datasetId } = await schedule('cancelled', '--config:controller.lastIteration=1000');
    await waitFor(async () => (await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration >= 1);
    const pid = await runner.jobPid(jobId);
    expect(isAlive(pid)).toBe(true);

    const cancel = await t.app.inject({ method: 'POST', url: `${API}/jobs/jobs/${jobId}/do?action=cancel`, headers: { cookie: admin.cookie } });
    expect(cancel.statusCode).toBe(200);
    const job = await waitForJob(jobId, 'CANCELLED');
    expect(job.jobStatus).toBe('CANCELLED');
    expect(isAlive(pid)).toBe(false);
    // What the engine wrote until then was uploaded.
    const outputs = (await call('GET', `/datasets/datasets/${datasetId}`)).files.map((f: { name: string }) => f.name);
    expect(outputs).toContain('logfile.log');
    expect(await runLog(datasetId)).toContain('### ITERATION 1 BEGINS');
  });

  it('fails the jobs of a runner killed mid-run once its heartbeats stop; the next runner stops what was left', async () => {
    const { id: jobId, datasetId } = await schedule('orphaned', '--config:controller.lastIteration=1000');
    // A Java job too: unlike the engine, a JVM does not notice that its runner is gone.
    const [jar] = (await call('GET', `/datasets/datasets/${scenario.id}`)).files.filter((f: { name: string }) => f.name.endsWith('.jar'));
    const template = await call('POST', '/jobs/templates', { name: 'Forever', allowCustomJar: true, command: '$JAVA -jar $JAR $CONFIG $ARGS' });
    const java = await schedule('orphaned_java', '--forever', template.id, [{ file: jar.id, name: jar.name, role: 'jar' }]);
    await waitFor(async () => (await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration >= 0);
    await waitFor(async () => (await call('GET', `/datasets/run/${java.datasetId}`)).run.currentIteration >= 0);
    const pid = await runner.jobPid(jobId);
    const javaPid = await runner.jobPid(java.id);
    const killedAt = Date.now();
    runner.kill('SIGKILL');
    await runner.exited;
    try {
      const job = await waitForJob(jobId, 'FAILED', HEARTBEAT_TIMEOUT_MS + 10_000);
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual(HEARTBEAT_TIMEOUT_MS - 500);
      expect(job.message).toMatch(/test-runner stopped sending heartbeats/);
      expect(await waitForJob(java.id, 'FAILED')).toMatchObject({ message: job.message });
      // The server appends the reason to the log right after ending the job.
      await waitFor(async () => /test-runner stopped sending heartbeats/.test(await runLog(datasetId)));
      // The engine, its output pipe broken, ends by itself; the JVM runs on…
      await waitFor(() => !isAlive(pid));
      expect(isAlive(javaPid)).toBe(true);
      // …until a runner starts on the same working directory: it stops the JVM and clears the job folders.
      runner = new RunnerProcess('test-runner-2');
      await waitFor(() => !isAlive(javaPid));
      await waitFor(() => runner.lines.some((l) => l.includes(`stopped process ${javaPid} of job-${java.id}`)));
      expect((await readdir(workDir)).filter((name) => name.startsWith('job-'))).toEqual([]);
    } finally {
      // Nothing the lost runner started may outlive the test.
      for (const p of [pid, javaPid]) if (isAlive(p)) process.kill(p, 'SIGKILL');
    }
  });
});

// ---- helpers ---------------------------------------------------------------------------------------------

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `${API}${url}`, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Schedules a run of the demo scenario with the built-in engine (the default job template). */
async function schedule(
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

async function waitForJob(jobId: number, status: string, timeoutMs = 60_000) {
  return waitFor(async () => {
    const job = await call('GET', `/jobs/jobs/${jobId}`);
    if (['FINISHED', 'FAILED', 'CANCELLED'].includes(job.jobStatus) && job.jobStatus !== status) {
      throw new Error(`job ${jobId} ended ${job.jobStatus}, not ${status}: ${job.message}\n${runner.lines.join('\n')}`);
    }
    return job.jobStatus === status ? job : undefined;
  }, timeoutMs);
}

/**
 * A stand-in for a MATSim jar (javac and jar ship with the machine's JDK): prints its JVM options and arguments,
 * logs three iterations (with --forever: one every 200 ms, never ending) with MemoryObserver lines as MATSim does and
 * writes {runId}.scorestats.csv into the outputDirectory of the config it is given.
 */
let fakeJar: Promise<string> | undefined;
function fakeMatsimJar(): Promise<string> {
  fakeJar ??= buildFakeMatsimJar();
  return fakeJar;
}

async function buildFakeMatsimJar(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fake-matsim-'));
  tempDirs.push(dir);
  const source = path.join(dir, 'src', 'org', 'matsim', 'run', 'RunMatsim.java');
  await mkdir(path.dirname(source), { recursive: true });
  await writeFile(
    source,
    String.raw`package org.matsim.run;
import java.nio.file.*;
import java.util.regex.*;
public class RunMatsim {
  public static void main(String[] args) throws Exception {
    System.out.println("jvm: " + String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
    System.out.println("args: " + String.join(" | ", args));
    String config = Files.readString(Path.of(args[0]));
    Matcher out = Pattern.compile("name=\"outputDirectory\" value=\"([^\"]+)\"").matcher(config);
    Matcher run = Pattern.compile("name=\"runId\" value=\"([^\"]+)\"").matcher(config);
    if (!out.find() || !run.find()) throw new IllegalStateException("no outputDirectory or runId");
    Path dir = Files.createDirectories(Path.of(out.group(1)));
    boolean forever = java.util.Arrays.asList(args).contains("--forever");
    for (int i = 0; i <= 2 || forever; i++) {
      if (forever) Thread.sleep(200);
      System.out.println("2024-08-30T08:26:39,924  INFO AbstractController:200 ### ITERATION " + i + " BEGINS");
      System.out.println("2024-08-30T08:26:39,925  INFO MemoryObserver:42 used RAM: " + (100 + i) + " MB  free: 50 MB  total: 200 MB");
      Files.writeString(dir.resolve(run.group(1) + ".scorestats.csv"), "iteration;avg_executed;avg_worst;avg_average;avg_best\n0;1;1;1;1\n");
    }
  }
}
`,
  );
  const classes = path.join(dir, 'classes');
  const jar = path.join(dir, 'fake-matsim.jar');
  await exec('javac', ['-d', classes, source]);
  await exec('jar', ['--create', '--file', jar, '--main-class', 'org.matsim.run.RunMatsim', '-C', classes, '.']);
  return jar;
}

function exec(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${errors}`))));
  });
}

async function runLog(datasetId: number): Promise<string> {
  const files: { id: number; type: string }[] = await call('GET', `/datasets/datasets/${datasetId}/sysfiles`);
  const log = files.find((f) => f.type === 'stdout');
  if (!log) throw new Error('the run has no log');
  return (await t.app.inject({ url: `${API}/datasets/sysfiles/${log.id}`, headers: { cookie: admin.cookie } })).body;
}

async function table(datasetId: number, name: string, columns: string[]): Promise<(string | number | null)[][]> {
  const answer = await call('POST', `/datasets/datasets/${datasetId}/tables/${name}/query`, {
    query: { select: columns.map((column) => ({ column })) },
    shape: 'RAW',
  });
  return answer.rows;
}

function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  return pollUntil(check, timeoutMs, () => `${runner?.lines.slice(-30).join('\n')}`);
}
