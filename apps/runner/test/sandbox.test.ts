/**
 * Jobs in the bubblewrap sandbox, end to end (harness: flow.ts): a hostile jar scheduled with the shipped template
 * "MATSim Controller with Corridor" reads nothing of DATA_DIR nor the runner's token and writes nothing outside its
 * folder; the demo run finishes sandboxed, as `nobody`, and no output file names a host folder (the job folder is
 * /job inside the sandbox); a job's /tmp is on disk in its job folder, its processes and memory are limited (a
 * fork loop stops at the process limit, an allocation past the memory limit fails the run "out of memory") and it
 * cannot make a user namespace; a runner whose bwrap is missing refuses templates that allow
 * custom jars, unless its operator started it with --unsandboxed.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, uploadOk } from '../../server/test/workspace-helpers.ts';
import { descendants } from '../src/job/process-tree.ts';
import { JOB_PROCESS_LIMIT } from '../src/job/job-limits.ts';
import { JOB_TMP_DIR, NO_SANDBOX_MESSAGE, SANDBOX_UID } from '../src/job/sandbox.ts';
import {
  admin,
  call,
  connectedRunner,
  enginesDir,
  javaJar,
  outputTexts,
  REPO,
  runLog,
  runner,
  schedule,
  scenario,
  startRunner,
  startServer,
  stopAll,
  t,
  token,
  waitFor,
  waitForJob,
  workDir,
} from './flow.ts';

/** The bwrap a runner uses where it has none. */
const MISSING_BWRAP = { CORRIDOR_BWRAP: '/nonexistent/bwrap' };
const SECRET = `secret-${randomUUID()}`;
let dataDir: string;
/** Where the hostile job tries to write, outside its folder. */
let targets: string[];

beforeAll(async () => {
  await startServer({ RUNNER_HEARTBEAT_MS: '250' });
  dataDir = t.config.dataDir;
  // Readable by anyone on the host: only the sandbox stands between the job and these files.
  await chmod(dataDir, 0o755);
  for (const folder of ['keys', 'db']) {
    await mkdir(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
    await writeFile(path.join(dataDir, folder, 'x'), SECRET, { mode: 0o644 });
  }
  const marker = randomUUID();
  targets = [path.join(tmpdir(), `escaped-${marker}`), path.join(workDir, `escaped-${marker}`), path.join(REPO, `escaped-${marker}`), path.join(REPO, 'packages', `escaped-${marker}`), path.join(dataDir, `escaped-${marker}`)];
  await startRunner('sandboxed');
}, 60_000);

afterAll(stopAll);

describe('jobs in the sandbox', { timeout: 120_000 }, () => {
  it('a custom jar cannot read DATA_DIR or the runner token, nor write outside its folder; inside it, it can', async () => {
    const jar = await hostileJar();
    const { id: jobId, datasetId } = await scheduleJar('escape', jar);
    expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0 });

    const log = await runLog(datasetId);
    expect(log).toContain('tried everything');
    expect(log).not.toMatch(/^(read|listed|token) /m);
    const outputs = await outputTexts(datasetId);
    expect(outputs.map((f) => f.name)).toContain('report.txt');
    for (const { text } of outputs) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(token);
    }
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(token);
    for (const target of targets) await expect(readFile(target), target).rejects.toThrow(/ENOENT/);
  });

  it('runs the demo run to FINISHED in the sandbox, as another user; no output file names a folder of the host', async () => {
    expect(await connectedRunner('sandboxed')).toMatchObject({ sandboxed: true });
    const { id: jobId, datasetId } = await schedule('demo_sandboxed', '--config:controller.lastIteration=1');
    const uids = await jobUids(await runner.jobPid(jobId));
    expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0 });
    // The pid is bwrap's (root's, as the runner): the job's own processes below it are nobody's (none: it had ended).
    if (process.getuid?.() === 0) expect([[SANDBOX_UID], []]).toContainEqual(uids);
    const log = await runLog(datasetId);
    expect(log).toContain('### ITERATION 1 BEGINS');
    expect(log).not.toContain('warning:');

    // The job was told /job/…: output_config.xml, logfile.log and the rest name the job folder so, never the host's.
    const outputs = await outputTexts(datasetId);
    expect(outputs.map((f) => f.name)).toEqual(expect.arrayContaining(['demo_sandboxed_1.output_config.xml', 'logfile.log', 'logfileWarningsErrors.log']));
    for (const { name, text } of [...outputs, { name: 'run log', text: log }]) {
      for (const hostPath of [workDir, dataDir, REPO, enginesDir, process.execPath]) expect(text, `${name} names ${hostPath}`).not.toContain(hostPath);
    }
    const config = outputs.find((f) => f.name === 'demo_sandboxed_1.output_config.xml')!.text;
    expect(config).toContain('<param name="outputDirectory" value="/job/output"');
    expect(config).toMatch(/<param name="inputNetworkFile" value="\/job\/input\/[^"]+"/);
  });

  describe('limits', () => {
    let jar: { id: number; name: string };
    beforeAll(async () => {
      jar = await limitsJar();
    });

    it("the job's /tmp is on disk in its job folder (not RAM, not its outputs), removed with it", async () => {
      expect(runner.lines.join('\n')).toMatch(/jobs run in the bubblewrap sandbox, limited through (a cgroup v[12] per job|prlimit)/);
      const { id: jobId, datasetId } = await scheduleJar('tmp', jar, 'tmp');
      const tmp = path.join(workDir, `job-${jobId}`, JOB_TMP_DIR);
      // The job's file, on the host, while it runs; the job goes on once it sees the test's answer in its /tmp.
      expect(await waitFor(() => readFile(path.join(tmp, 'marker'), 'utf8').catch(() => undefined))).toBe('written in /tmp\n');
      const device = (await stat(tmp)).dev;
      await writeFile(path.join(tmp, 'seen'), '');
      expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0 });
      const log = await runLog(datasetId);
      expect(log).toContain('the runner saw it');
      // The same file system as the job folder: no tmpfs of its own.
      expect(log).toContain(`tmp-device=${device}`);
      if (!/^tmpfs$/m.test(hostFsType(workDir))) expect(log).not.toContain('tmp-type=tmpfs');
      expect((await outputTexts(datasetId)).map((f) => f.name)).not.toContain('marker');
      // Removed with the job folder once the runner has let go of the job (it reports the end first).
      expect(await waitFor(() => stat(tmp).then(() => undefined, (err: NodeJS.ErrnoException) => err.code))).toBe('ENOENT');
    });

    it('a job starting 1000 processes is stopped at the process limit', async () => {
      const { id: jobId, datasetId } = await scheduleJar('fork', jar, 'fork');
      const job = await waitForJob(jobId, 'FAILED');
      const log = await runLog(datasetId);
      const processes = Number(/^processes: (\d+)$/m.exec(log)?.[1]);
      // The JVM's threads count too: fewer sleeps than the limit ran, far fewer than the 1000 asked for.
      expect(processes).toBeGreaterThan(100);
      expect(processes).toBeLessThanOrEqual(JOB_PROCESS_LIMIT);
      expect(log).toMatch(/fork/i);
      expect(job.message).toContain('The engine exited with code 3.');
    });

    it('a job allocating past its memory limit ends FAILED "out of memory"', async () => {
      const { id: jobId, datasetId } = await scheduleJar('memory', jar, 'memory', { memory: '256m' });
      const job = await waitForJob(jobId, 'FAILED');
      expect(job.message).toMatch(/out of memory/);
      const log = await runLog(datasetId);
      expect(log).toContain('allocating');
      expect(log).not.toContain('allocated 6 GiB');
      expect(log).toMatch(/corridor-runner: The job ran out of memory/);
    });

    it('a job cannot make a user namespace (uid 0 inside)', async () => {
      const { id: jobId, datasetId } = await scheduleJar('userns', jar, 'userns');
      expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0 });
      const log = await runLog(datasetId);
      expect(log).toContain('tried unshare');
      expect(log).not.toContain('made-user-namespace');
      expect(log).toMatch(/unshare failed/);
    });
  });

  it('without bwrap refuses a custom-jar template with the reason, runs the others with a warning; --unsandboxed runs it', async () => {
    const jar = await uploadJar('Hello', 'public class Hello { public static void main(String[] args) { System.out.println("hello from a jar"); } }');
    await runner.stop();
    await startRunner('no-bwrap', { env: MISSING_BWRAP });
    expect(await connectedRunner('no-bwrap')).toMatchObject({ sandboxed: false });
    expect(runner.lines.join('\n')).toContain('no sandbox: /nonexistent/bwrap was not found');

    const refused = await scheduleJar('refused', jar);
    expect(await waitForJob(refused.id, 'FAILED')).toMatchObject({ exitCode: null, message: NO_SANDBOX_MESSAGE });
    expect(runner.lines.some((l) => l.includes(`job ${refused.id}: started`))).toBe(false);

    const demo = await schedule('demo_unsandboxed', '--config:controller.lastIteration=0');
    expect(await waitForJob(demo.id, 'FINISHED')).toMatchObject({ exitCode: 0 });
    expect(await runLog(demo.datasetId)).toContain("corridor-runner: warning: there is no sandbox on this runner; the job runs with the runner's own rights.");
    // Without a sandbox there is no /job: the job is told the host's paths.
    const config = (await outputTexts(demo.datasetId)).find((f) => f.name === 'demo_unsandboxed_1.output_config.xml')!.text;
    expect(config).toContain(`<param name="outputDirectory" value="${path.join(workDir, `job-${demo.id}`, 'output')}"`);

    await runner.stop();
    await startRunner('unsandboxed', { args: ['--unsandboxed'], env: MISSING_BWRAP });
    expect(await connectedRunner('unsandboxed')).toMatchObject({ sandboxed: false });
    const accepted = await scheduleJar('accepted', jar);
    expect(await waitForJob(accepted.id, 'FINISHED')).toMatchObject({ exitCode: 0 });
    expect(await runLog(accepted.datasetId)).toContain('hello from a jar');
    expect(await runLog(accepted.datasetId)).toContain("corridor-runner: warning: this runner was started with --unsandboxed; the job runs with the runner's own rights.");
  });
});

/**
 * The users of the job's processes below bwrap `pid` (not bwrap's, nor setpriv's before it drops to nobody), read
 * once one runs; none if the job had already ended.
 */
async function jobUids(pid: number): Promise<number[]> {
  return waitFor(async () => {
    const statuses = await Promise.all((await descendants(pid)).map((child) => readFile(`/proc/${child}/status`, 'utf8').catch(() => '')));
    if (!(await readFile(`/proc/${pid}/status`).then(() => true, () => false))) return [];
    const uids = statuses.filter((status) => !/^Name:\s+(bwrap|setpriv)$/m.test(status)).map((status) => Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]));
    return uids.length > 0 && [...new Set(uids.filter((uid) => !Number.isNaN(uid)))];
  });
}

/** Schedules the demo scenario with the shipped template that runs the run's own jar (role `jar`). */
async function scheduleJar(key: string, jar: { id: number; name: string }, programArgs = '', extra: object = {}) {
  const { jobTemplates }: { jobTemplates: { id: number; name: string }[] } = await call('GET', '/jobs/templates');
  const template = jobTemplates.find((tp) => tp.name === 'MATSim Controller with Corridor')!;
  return schedule(key, programArgs, template.id, [{ file: jar.id, name: jar.name, role: 'jar' }], extra);
}

/** `stat -f` of a host folder: its file system's type. */
function hostFsType(dir: string): string {
  return execFileSync('stat', ['-f', '-c', '%T', dir], { encoding: 'utf8' });
}

/**
 * A jar whose program argument names what it tries: `tmp` writes /tmp/marker and waits (at most 30 s) for the
 * runner's answer there; `fork` starts 1000 sleeping processes, then counts the processes in its sandbox;
 * `memory` allocates 64 MiB after 64 MiB outside the Java heap, up to 6 GiB; `userns` tries `unshare -U -r`.
 */
function limitsJar(): Promise<{ id: number; name: string }> {
  const scripts: Record<string, string> = {
    tmp: [
      'echo "written in /tmp" > /tmp/marker',
      'echo "tmp-device=$(stat -c %d /tmp) tmp-type=$(stat -f -c %T /tmp)"',
      'i=0; while [ ! -e /tmp/seen ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done',
      '[ -e /tmp/seen ] && echo "the runner saw it"',
    ].join('\n'),
    // The loop's shell ends at the first fork refused; counting then needs no fork (a glob).
    fork: '(i=0; while [ $i -lt 1000 ]; do sleep 30 & i=$((i+1)); done); set -- /proc/[0-9]*; echo "processes: $#"; exit 3',
    userns: 'echo "tried unshare"; unshare -U -r true && echo made-user-namespace; exit 0',
  };
  const cases = Object.entries(scripts).map(([name, script]) => `case ${JSON.stringify(name)} -> ${JSON.stringify(script)};`);
  return uploadJar(
    'Limits',
    String.raw`public class Limits {
  public static void main(String[] args) throws Exception {
    String test = args[args.length - 1];
    if (test.equals("memory")) {
      memory();
      return;
    }
    String script = switch (test) {
      ${cases.join('\n      ')}
      default -> throw new IllegalArgumentException(test);
    };
    System.exit(new ProcessBuilder("/bin/sh", "-c", script).inheritIO().start().waitFor());
  }

  static void memory() throws Exception {
    java.lang.reflect.Field field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    field.setAccessible(true);
    sun.misc.Unsafe unsafe = (sun.misc.Unsafe) field.get(null);
    long chunk = 64L << 20;
    System.out.println("allocating");
    for (long total = 0; total < (6L << 30); total += chunk) unsafe.setMemory(unsafe.allocateMemory(chunk), chunk, (byte) 1);
    System.out.println("allocated 6 GiB");
  }
}
`,
  );
}

/**
 * A jar that tries to read DATA_DIR (a key, the database folder), to find the runner token in its environment
 * and in its sandbox's first process, and to write outside its folder; it prints what worked (`read …`,
 * `listed …`, `token …`, `wrote …`) and writes report.txt into the output directory of its config.
 */
function hostileJar(): Promise<{ id: number; name: string }> {
  const java = (text: string) => JSON.stringify(text);
  return uploadJar(
    'Escape',
    String.raw`import java.nio.file.*;
import java.util.regex.*;
public class Escape {
  static StringBuilder report = new StringBuilder();
  static void say(String line) { System.out.println(line); report.append(line).append('\n'); }
  public static void main(String[] args) throws Exception {
    for (String file : new String[] { ${[path.join(dataDir, 'keys', 'x'), path.join(dataDir, 'db', 'x')].map(java).join(', ')} }) {
      try { say("read " + file + ": " + Files.readString(Path.of(file))); } catch (Exception e) { say("could not read " + file); }
    }
    for (String folder : new String[] { ${[dataDir, path.join(dataDir, 'db')].map(java).join(', ')} }) {
      String[] names = new java.io.File(folder).list();
      if (names != null && names.length > 0) say("listed " + folder + ": " + String.join(",", names));
    }
    for (java.util.Map.Entry<String, String> e : System.getenv().entrySet()) {
      if (e.getKey().contains("TOKEN") || e.getValue().equals(${java(token)})) say("token " + e.getKey() + "=" + e.getValue());
    }
    for (String file : new String[] { "/proc/1/environ", "/proc/self/environ" }) {
      try { if (Files.readString(Path.of(file)).contains("CORRIDOR_RUNNER_TOKEN")) say("token in " + file); } catch (Exception e) { }
    }
    for (String file : new String[] { ${targets.map(java).join(', ')} }) {
      try { Files.writeString(Path.of(file), "escaped"); say("wrote " + file); } catch (Exception e) { say("could not write " + file); }
    }
    String config = Files.readString(Path.of(args[0]));
    Matcher out = Pattern.compile("name=\"outputDirectory\" value=\"([^\"]+)\"").matcher(config);
    if (!out.find()) throw new IllegalStateException("no outputDirectory");
    say("tried everything");
    Files.writeString(Files.createDirectories(Path.of(out.group(1))).resolve("report.txt"), report.toString());
  }
}
`,
  );
}

/** Builds a one-class jar, uploads it and attaches it to the demo scenario. */
async function uploadJar(mainClass: string, source: string): Promise<{ id: number; name: string }> {
  const jar = await javaJar(mainClass, source);
  const [uploaded] = await uploadOk(t.app, admin, [{ name: `${mainClass}.jar`, content: await readFile(jar) }]);
  await attach(t.app, admin, scenario.id, uploaded!.id);
  return { id: uploaded!.id, name: uploaded!.name };
}
