import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PID_FILE, stopLeftoverJobs } from './leftovers.ts';
import { listOutputFiles } from './outputs.ts';
import { parseVmRss, readRss } from './rss.ts';
import { safeFileName, stagedNames, WORKING_CONFIG } from './staging.ts';
import { StatsWatcher } from './stats-watcher.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'runner-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('staged names', () => {
  it('keeps files inside the input folder and unique', () => {
    expect(safeFileName('../../etc/passwd', 'f')).toBe('passwd');
    expect(safeFileName('..', 'file-3')).toBe('file-3');
    expect(safeFileName('my plans (v2).xml.gz', 'f')).toBe('my_plans__v2_.xml.gz');
    expect(stagedNames([
      { fileId: 1, name: 'config.xml' },
      { fileId: 2, name: 'sub/config.xml' },
      { fileId: 3, name: WORKING_CONFIG },
      { fileId: 4, name: '' },
    ])).toEqual(['config.xml', '2-config.xml', `2-${WORKING_CONFIG}`, 'file-4']);
  });
});

describe('output files', () => {
  it('lists every regular file with "/" separated relative paths, not following links', async () => {
    const out = path.join(dir, 'output');
    await mkdir(path.join(out, 'ITERS', 'it.0'), { recursive: true });
    await writeFile(path.join(out, 'run.scorestats.csv'), 'x');
    await writeFile(path.join(out, 'ITERS', 'it.0', 'run.0.events.xml.gz'), 'x');
    await symlink('/etc/hostname', path.join(out, 'link'));
    expect((await listOutputFiles(out)).map((f) => f.path)).toEqual(['ITERS/it.0/run.0.events.xml.gz', 'run.scorestats.csv']);
    expect(await listOutputFiles(path.join(dir, 'missing'))).toEqual([]);
  });

  it("leaves out the temporary files a stopped run leaves behind: MATSim's tmp folder and half-written files", async () => {
    const out = path.join(dir, 'stopped');
    await mkdir(path.join(out, 'ITERS', 'it.0'), { recursive: true });
    await mkdir(path.join(out, 'tmp'));
    await writeFile(path.join(out, 'tmp', 'scratch.dat'), 'x');
    // As a cancelled run of the built-in engine left them (the plans and events writers rename when done).
    await writeFile(path.join(out, 'ITERS', 'it.0', '0.plans.xml.gz.tmp-23567-1795905469443'), 'x');
    await writeFile(path.join(out, 'ITERS', 'it.0', '0.events.xml.gz.tmp-23567'), 'x');
    await writeFile(path.join(out, 'ITERS', 'it.0', '0.legs.csv.gz'), 'x');
    await writeFile(path.join(out, 'stopwatch.tmp.csv'), 'x');
    expect((await listOutputFiles(out)).map((f) => f.path)).toEqual(['ITERS/it.0/0.legs.csv.gz', 'stopwatch.tmp.csv']);
  });

  it('lists nothing when a job replaced its output folder with a link to a folder of the host', async () => {
    const secrets = path.join(dir, 'secrets');
    await mkdir(secrets);
    await writeFile(path.join(secrets, 'key'), 'x');
    await symlink(secrets, path.join(dir, 'linked-output'));
    expect(await listOutputFiles(path.join(dir, 'linked-output'))).toEqual([]);
  });
});

describe('StatsWatcher', () => {
  it('sends a stats file when it appears and again only when it changed, the run-id name first', async () => {
    const out = path.join(dir, 'stats');
    await mkdir(out);
    const sent: string[] = [];
    const watcher = new StatsWatcher(out, 'demo_1', async (name, csv) => void sent.push(`${name}:${csv.toString()}`));
    await watcher.poll();
    expect(sent).toEqual([]);
    await writeFile(path.join(out, 'demo_1.scorestats.csv'), 'iteration;avg_executed\n0;1\n');
    await writeFile(path.join(out, 'modestats.csv'), 'iteration;car\n0;1\n');
    await watcher.poll();
    await watcher.poll();
    expect(sent).toEqual(['scorestats:iteration;avg_executed\n0;1\n', 'modestats:iteration;car\n0;1\n']);
    await writeFile(path.join(out, 'demo_1.scorestats.csv'), 'iteration;avg_executed\n0;1\n1;2\n');
    await watcher.poll();
    expect(sent.at(-1)).toBe('scorestats:iteration;avg_executed\n0;1\n1;2\n');
    expect(sent).toHaveLength(3);
  });

  it('does not follow a stats file or an output folder that a job made a link to a file of the host, nor wait on a pipe', async () => {
    const secret = path.join(dir, 'secret.csv');
    await writeFile(secret, 'iteration;avg_executed\n0;42\n');
    const out = path.join(dir, 'linked-stats');
    await mkdir(out);
    await symlink(secret, path.join(out, 'scorestats.csv'));
    expect(spawnSync('mkfifo', [path.join(out, 'modestats.csv')]).status).toBe(0);
    const swapped = path.join(dir, 'swapped-stats');
    await mkdir(path.join(dir, 'host-folder'));
    await writeFile(path.join(dir, 'host-folder', 'scorestats.csv'), 'iteration;avg_executed\n0;42\n');
    await symlink(path.join(dir, 'host-folder'), swapped);
    const sent: string[] = [];
    for (const folder of [out, swapped]) await new StatsWatcher(folder, '', async (name) => void sent.push(name)).poll();
    expect(sent).toEqual([]);
  });
});

describe('child RSS', () => {
  it('reads VmRSS in bytes', async () => {
    expect(parseVmRss('Name:\tnode\nVmRSS:\t  123456 kB\nVmSwap:\t0 kB\n')).toBe(123456 * 1024);
    expect(parseVmRss('Name:\tnode\n')).toBeUndefined();
    if (process.platform === 'linux') expect(await readRss(process.pid)).toBeGreaterThan(1024 * 1024);
    expect(await readRss(2 ** 22 + 12345)).toBeUndefined();
  });
});

describe('leftover jobs of a killed runner', () => {
  it('stops a process left running in its job folder, never another program, never a live runner\'s job', async () => {
    const work = path.join(dir, 'work');
    const orphanDir = path.join(work, 'job-7');
    const reusedDir = path.join(work, 'job-8');
    const liveDir = path.join(work, 'job-9');
    for (const d of [orphanDir, reusedDir, liveDir]) await mkdir(d, { recursive: true });
    const orphan = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd: orphanDir, stdio: 'ignore' });
    const exited = new Promise((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));
    const deadRunner = 2 ** 22 + 4321; // no such process
    await writeFile(path.join(orphanDir, PID_FILE), `${orphan.pid} ${deadRunner}\n`);
    // A pid now used by another program (this test process, working elsewhere): not touched.
    await writeFile(path.join(reusedDir, PID_FILE), `${process.pid} ${deadRunner}\n`);
    // The job of a runner that is still alive (the parent of this process): left alone.
    await writeFile(path.join(liveDir, PID_FILE), `0 ${process.ppid}\n`);

    const warnings: string[] = [];
    await stopLeftoverJobs(work, { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined });
    expect(await exited).toBe('SIGKILL');
    expect(warnings).toEqual([`stopped process ${orphan.pid} of job-7, left running by an earlier runner`]);
    expect(await readdir(work)).toEqual(['job-9']);
  });
});
