/**
 * Jobs in the bubblewrap sandbox, end to end (harness: flow.ts): a hostile jar scheduled with the shipped template
 * "MATSim Controller with Corridor" reads nothing of DATA_DIR nor the runner's token and writes nothing outside its
 * folder; the demo run finishes sandboxed, as `nobody`, and no output file names a host folder (the job folder is
 * /job inside the sandbox); a runner whose bwrap is missing refuses templates that allow
 * custom jars, unless its operator started it with --unsandboxed.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, uploadOk } from '../../server/test/workspace-helpers.ts';
import { descendants } from '../src/job/process-tree.ts';
import { NO_SANDBOX_MESSAGE, SANDBOX_UID } from '../src/job/sandbox.ts';
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
async function scheduleJar(key: string, jar: { id: number; name: string }) {
  const { jobTemplates }: { jobTemplates: { id: number; name: string }[] } = await call('GET', '/jobs/templates');
  const template = jobTemplates.find((tp) => tp.name === 'MATSim Controller with Corridor')!;
  return schedule(key, '', template.id, [{ file: jar.id, name: jar.name, role: 'jar' }]);
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
