/**
 * Runs end to end (harness: flow.ts): a real server, the real corridor-runner process and the built-in engine on the
 * demo scenario; jobs run in the bubblewrap sandbox. Heartbeats are fast and the heartbeat timeout short, so a
 * runner killed mid-run loses its job within seconds.
 */
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JOB_PATH_MESSAGES, jobPathsProblem } from '@corridor/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/src/db/schema.ts';
import { API } from '../../server/test/harness.ts';
import { attach, uploadOk } from '../../server/test/workspace-helpers.ts';
import {
  admin,
  call,
  enginesDir,
  exec,
  javaJar,
  outputTexts,
  REPO,
  runLog,
  runner,
  scenario,
  schedule,
  startRunner,
  startServer,
  stopAll,
  t,
  table,
  tempDir,
  waitFor,
  waitForJob,
  workDir,
} from './flow.ts';
import { isAlive } from './support.ts';

const HEARTBEAT_TIMEOUT_MS = 2_500;

beforeAll(async () => {
  await startServer({ RUNNER_HEARTBEAT_MS: '250', RUNNER_HEARTBEAT_TIMEOUT_MS: String(HEARTBEAT_TIMEOUT_MS) });
  await startRunner('test-runner');
}, 60_000);

afterAll(stopAll);

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
    const victim = await tempDir('victim-');
    // What the run id '../../../x' would have made next to the work folders (the shared temp folder may hold an x.* already).
    const xFiles = async () => (await readdir(path.dirname(workDir))).filter((name) => /^x\./.test(name));
    const xBefore = await xFiles();
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
    expect(await xFiles()).toEqual(xBefore);
    expect(runner.lines.some((l) => l.includes(`job ${jobId}: started`))).toBe(false);
    expect(await runLog(datasetId)).toContain(message);
  });

  it('runs a MATSim release the setup wizard downloaded, and says so when a release is missing', async () => {
    // The release zip as the setup wizard stores it: {engines}/matsim-{version}.zip with matsim-{version}/matsim-{version}.jar.
    const release = path.join(await tempDir('release-'), 'matsim-2025.0');
    await mkdir(release);
    await copyFile(await fakeMatsimJar(), path.join(release, 'matsim-2025.0.jar'));
    await exec('jar', ['--create', '--no-manifest', '--file', path.join(enginesDir, 'matsim-2025.0.zip'), '-C', path.dirname(release), '.']);

    const command = '$JAVA -Xmx$Xmx -cp $JAR org.matsim.run.RunMatsim $CONFIG $ARGS';
    const available = await call('POST', '/jobs/templates', { name: 'MATSim 2025.0', matsimVersion: '2025.0', command });
    const { id: jobId, datasetId } = await schedule('release', '', available.id);
    expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0 });
    expect(await runLog(datasetId)).toContain('corridor-runner: java -Xmx1g -cp /releases/matsim-2025.0/matsim-2025.0/matsim-2025.0.jar org.matsim.run.RunMatsim ./input/');
    // In the sandbox the release is at /releases and the job folder at /job: the job's outputs name neither host folder.
    const logfile = (await outputTexts(datasetId)).find((f) => f.name === 'logfile.log')!.text;
    expect(logfile).toContain('class path: /releases/matsim-2025.0/matsim-2025.0/matsim-2025.0.jar\n');
    expect(logfile).toContain('Command: org.matsim.run.RunMatsim /job/input/corridor-working-config.xml\n');
    expect(logfile).toContain('working directory: /job\n');
    for (const hostPath of [workDir, enginesDir, t.config.dataDir, REPO]) expect(logfile).not.toContain(hostPath);

    const missing = await call('POST', '/jobs/templates', { name: 'MATSim 2024.0', matsimVersion: '2024.0', command });
    const failed = await waitForJob((await schedule('no_release', '', missing.id)).id, 'FAILED');
    expect(failed.message).toBe('MATSim 2024.0 is not available on this runner: an administrator can download or upload it under Settings > MATSim Releases (/settings/matsim-releases), or use a job template with a custom JAR-file.');
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
    const outputs = await outputTexts(datasetId);
    expect(outputs.map((f) => f.name)).toContain('java_1.scorestats.csv');
    expect(outputs.find((f) => f.name === 'logfile.log')!.text).toContain('Command: /job/input/fake-matsim.jar /job/input/corridor-working-config.xml ; rm -rf . $(whoami)\n');
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

  it('fails the jobs of a runner killed mid-run once its heartbeats stop; the sandbox ends them with it, the next runner clears their folders', async () => {
    const { id: jobId, datasetId } = await schedule('orphaned', '--config:controller.lastIteration=1000');
    // A Java job too: a JVM does not notice that its runner is gone, but its sandbox dies with the runner.
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
      await waitFor(() => !isAlive(pid) && !isAlive(javaPid));
      // A runner starting on the same working directory clears the job folders.
      expect((await readdir(workDir)).filter((name) => name.startsWith('job-')).sort()).toEqual([`job-${jobId}`, `job-${java.id}`].sort());
      await startRunner('test-runner-2');
      expect((await readdir(workDir)).filter((name) => name.startsWith('job-'))).toEqual([]);
    } finally {
      // Nothing the lost runner started may outlive the test.
      for (const p of [pid, javaPid]) if (isAlive(p)) process.kill(p, 'SIGKILL');
    }
  });
});

// ---- helpers ---------------------------------------------------------------------------------------------

/**
 * A stand-in for a MATSim jar (javac and jar ship with the machine's JDK): prints its JVM options and arguments,
 * writes its command line, class path and working directory into logfile.log, logs three iterations (with --forever: one every 200 ms, never ending) with MemoryObserver lines as MATSim does and
 * writes {runId}.scorestats.csv into the outputDirectory of the config it is given.
 */
let fakeJar: Promise<string> | undefined;
function fakeMatsimJar(): Promise<string> {
  fakeJar ??= javaJar(
    'org.matsim.run.RunMatsim',
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
    // What MATSim's Gbl logs at start (its command line), plus where a Java program finds itself.
    String where = "Command: " + System.getProperty("sun.java.command") + "\nclass path: " + System.getProperty("java.class.path") + "\nworking directory: " + System.getProperty("user.dir") + "\n";
    Files.writeString(dir.resolve("logfile.log"), where);
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
  return fakeJar;
}

