import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bwrapArgs, insidePath, outsidePath, Sandbox, sandboxEnvironment, sandboxExit, SANDBOX_JOB_DIR, SANDBOX_UID, type SandboxMode, type SandboxPaths } from './sandbox.ts';

const NAMESPACE: SandboxMode = { user: 'namespace' };
const SETPRIV: SandboxMode = { user: 'setpriv', setpriv: '/usr/bin/setpriv', seccomp: Buffer.alloc(8) };
const SYSTEM = [{ path: '/usr' }, { path: '/etc' }, { path: '/bin', link: 'usr/bin' }, { path: '/lib64', link: 'usr/lib64' }];

/** The value pairs after each occurrence of `flag`. */
function operands(args: string[], flag: string, count = 2): string[][] {
  return args.flatMap((arg, i) => (arg === flag ? [args.slice(i + 1, i + 1 + count)] : []));
}

describe('bwrap arguments', () => {
  const paths: SandboxPaths = {
    system: SYSTEM,
    readOnly: ['/srv/corridor/packages', '/srv/corridor/node_modules', '/usr', '/usr/lib/jvm/java-17', '/opt/jdk'],
    hidden: ['/srv/runner', '/srv/corridor/data-engines'],
    mounted: [{ host: '/srv/runner/engines', inside: '/releases' }],
  };
  const argv = ['java', '-jar', 'input/x.jar'];
  const args = bwrapArgs(paths, '/srv/runner/job-7', argv, NAMESPACE);

  it('passes the seccomp filter and the block fd (a cgroup to enter first) as file descriptors, before the mounts', () => {
    const withFds = bwrapArgs(paths, '/srv/runner/job-7', argv, SETPRIV, { seccomp: 3, block: 4 });
    expect(withFds.slice(11, 15)).toEqual(['--seccomp', '3', '--block-fd', '4']);
    expect(bwrapArgs(paths, '/srv/runner/job-7', argv, NAMESPACE, { block: 3 }).slice(5, 7)).toEqual(['--block-fd', '3']);
    for (const flag of ['--seccomp', '--block-fd']) expect(args).not.toContain(flag);
  });

  it('not as root: unshares every namespace, allows no nested user namespace and dies with the runner', () => {
    expect(args.slice(0, 5)).toEqual(['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session']);
    expect(args).not.toContain('--share-net');
    expect(args).not.toContain('--cap-add');
    expect(args.slice(args.indexOf('--'))).toEqual(['--', 'java', '-jar', 'input/x.jar']);
    expect(operands(args, '--chdir', 1)).toEqual([['/job']]);
  });

  it('as root: every namespace but the user one, the command made nobody without capabilities by setpriv; the same mounts', () => {
    const root = bwrapArgs(paths, '/srv/runner/job-7', argv, SETPRIV);
    expect(root.slice(0, 11)).toEqual([
      ...['--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup'],
      ...['--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID', '--die-with-parent', '--new-session'],
    ]);
    for (const flag of ['--unshare-all', '--unshare-user', '--unshare-user-try', '--disable-userns', '--share-net', '--uid']) expect(root).not.toContain(flag);
    expect(root.slice(root.indexOf('--'))).toEqual([
      ...['--', '/usr/bin/setpriv', '--reuid', '65534', '--regid', '65534', '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs'],
      ...['--', 'java', '-jar', 'input/x.jar'],
    ]);
    const mountsOf = (list: string[]) => list.slice(list.indexOf('--die-with-parent'), list.indexOf('--'));
    expect(mountsOf(root)).toEqual(mountsOf(args));
  });

  it('makes the folders on the way to a mount point 0755 (bwrap would make them 0700), before it, once, none inside a bind', () => {
    const deep = bwrapArgs(
      { system: SYSTEM, readOnly: ['/root/corridor/packages', '/root/corridor/node_modules', '/usr/lib/jvm/java-17'], hidden: [], mounted: [] },
      '/root/corridor/data/runner/job-1',
      ['true'],
      SETPRIV,
    );
    expect(operands(deep, '--dir', 1)).toEqual([['/root'], ['/root/corridor']]);
    for (const [i, arg] of deep.entries()) if (arg === '--dir') expect(deep.slice(i - 2, i)).toEqual(['--perms', '0755']);
    expect(deep.indexOf('/root/corridor')).toBeLessThan(deep.indexOf('/root/corridor/packages'));
    // Below a tmpfs (a hidden folder inside something bound) nothing is there yet either.
    const covered = bwrapArgs(
      { system: SYSTEM, readOnly: ['/srv/corridor', '/srv/corridor/work/engines/matsim'], hidden: ['/srv/corridor/work'], mounted: [] },
      '/srv/corridor/work/job-1',
      ['true'],
      NAMESPACE,
    );
    expect(operands(covered, '--dir', 1)).toEqual([['/srv'], ['/srv/corridor/work/engines']]);
    expect(covered.indexOf('/srv/corridor/work/engines')).toBeGreaterThan(covered.indexOf('/srv/corridor/work'));
    expect(operands(args, '--dir', 1)).toEqual([['/srv'], ['/srv/corridor'], ['/opt']]);
    // Below /tmp (the job's own tmp/, not the host's): a runner bundle unpacked in the host's /tmp gets its folders made.
    const inTmp = bwrapArgs({ system: SYSTEM, readOnly: ['/tmp/unpacked/corridor-runner'], hidden: [], mounted: [] }, '/srv/runner/job-1', ['true'], SETPRIV);
    expect(operands(inTmp, '--dir', 1)).toEqual([['/tmp/unpacked']]);
    expect(inTmp.indexOf('/tmp/unpacked')).toBeGreaterThan(inTmp.indexOf('/tmp'));
    // The tmpfs covers stay bwrap's 0755.
    expect(covered[covered.indexOf('/srv/corridor/work') - 1]).toBe('--tmpfs');
    expect(covered).not.toContain('1777');
  });

  it('binds the system and the code read-only, once each, the releases at /releases and only the job folder writable, at /job', () => {
    expect(operands(args, '--ro-bind')).toEqual([
      ['/usr', '/usr'],
      ['/etc', '/etc'],
      ['/srv/corridor/packages', '/srv/corridor/packages'],
      ['/srv/corridor/node_modules', '/srv/corridor/node_modules'],
      ['/opt/jdk', '/opt/jdk'],
      ['/srv/runner/engines', '/releases'],
    ]);
    expect(operands(args, '--symlink')).toEqual([
      ['usr/bin', '/bin'],
      ['usr/lib64', '/lib64'],
    ]);
    // /tmp is on disk: the job folder's tmp/ (not the output folder), no tmpfs in RAM.
    expect(operands(args, '--bind')).toEqual([
      ['/srv/runner/job-7/tmp', '/tmp'],
      ['/srv/runner/job-7', '/job'],
    ]);
    // Nothing of the runner's work folder is inside at its host path: the job cannot write it into its outputs.
    const targets = [...operands(args, '--ro-bind'), ...operands(args, '--bind'), ...operands(args, '--tmpfs', 1), ...operands(args, '--dir', 1)].map((pair) => pair.at(-1)!);
    expect(targets.filter((target) => target.startsWith('/srv/runner'))).toEqual([]);
    expect(operands(args, '--tmpfs', 1)).toEqual([]);
    for (const flag of ['--dev-bind', '--bind-try', '--ro-bind-try']) expect(args).not.toContain(flag);
    // Neither the work folder (other jobs), nor the home folder, nor anything of DATA_DIR.
    const sources = [...operands(args, '--ro-bind'), ...operands(args, '--bind')].map(([source]) => source!);
    for (const source of sources) expect(['/srv/runner', '/root', '/home', '/srv/corridor', '/srv/corridor/data']).not.toContain(source);
  });

  it('covers a hidden folder that lies inside something bound, before binding what is meant to be seen in it', () => {
    const inside = bwrapArgs(
      { system: SYSTEM, readOnly: ['/srv/corridor', '/srv/corridor/work/engines'], hidden: ['/srv/corridor/work', '/srv/corridor/data'], mounted: [] },
      '/srv/corridor/work/job-1',
      ['true'],
      NAMESPACE,
    );
    const order = (flag: string, value: string) => inside.findIndex((arg, i) => arg === value && inside[i - 1] === flag);
    expect(order('--tmpfs', '/srv/corridor/work')).toBeGreaterThan(order('--ro-bind', '/srv/corridor'));
    expect(order('--tmpfs', '/srv/corridor/data')).toBeGreaterThan(order('--ro-bind', '/srv/corridor'));
    expect(order('--ro-bind', '/srv/corridor/work/engines')).toBeGreaterThan(order('--tmpfs', '/srv/corridor/work'));
    expect(order('--bind', '/srv/corridor/work/job-1')).toBeGreaterThan(order('--tmpfs', '/srv/corridor/work'));
    expect(inside[inside.indexOf('/srv/corridor/work/job-1') + 1]).toBe(SANDBOX_JOB_DIR);
  });

  it('tells the job its paths as it sees them, and finds what the job names on the host', () => {
    const mounts = [{ host: '/srv/runner/job-7', inside: '/job' }, ...paths.mounted];
    expect(insidePath('/srv/runner/job-7/input/corridor-working-config.xml', mounts)).toBe('/job/input/corridor-working-config.xml');
    expect(insidePath('/srv/runner/job-7', mounts)).toBe('/job');
    expect(insidePath('/srv/runner/engines/matsim-2025.0/matsim-2025.0.jar', mounts)).toBe('/releases/matsim-2025.0/matsim-2025.0.jar');
    expect(outsidePath('/job/input/run.sh', mounts)).toBe('/srv/runner/job-7/input/run.sh');
    expect(outsidePath('/releases/matsim-2025.0/matsim-2025.0.jar', mounts)).toBe('/srv/runner/engines/matsim-2025.0/matsim-2025.0.jar');
    for (const other of ['/usr/bin/java', '/jobs/x', '/srv/runner/job-70/x', 'java', 'input/run.sh']) {
      expect(insidePath(other, mounts)).toBe(other);
      expect(outsidePath(other, mounts)).toBe(other);
    }
  });
});

describe('the sandbox environment', () => {
  it('keeps a few variables, never the runner token or other secrets; HOME is the job folder', () => {
    const env = sandboxEnvironment(
      { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', NODE_OPTIONS: '--max-old-space-size=1024', CORRIDOR_RUNNER_TOKEN: 't0ken', DATABASE_URL: 'postgres://x', HOME: '/root', AWS_SECRET_ACCESS_KEY: 'x' },
    );
    expect(env).toEqual({ PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', NODE_OPTIONS: '--max-old-space-size=1024', HOME: '/job', TMPDIR: '/tmp' });
  });

  it('turns bwrap\'s 128 + n back into the signal that ended the command', () => {
    expect(sandboxExit(143, null)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(sandboxExit(137, null)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(sandboxExit(1, null)).toEqual({ code: 1, signal: null });
    expect(sandboxExit(null, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  });
});

describe('the sandbox on this machine (bubblewrap)', { timeout: 60_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sandbox-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('says why there is none when bwrap is missing', async () => {
    const started = await Sandbox.start({ bwrap: path.join(dir, 'no-bwrap'), workDir: path.join(dir, 'none'), releasesDir: path.join(dir, 'none', 'engines'), hidden: [], java: 'java', env: process.env });
    expect(started).toEqual({ problem: `${path.join(dir, 'no-bwrap')} was not found (install the package bubblewrap)` });
  });

  const root = process.getuid?.() === 0;

  it('runs a job as another user that sees only its folder (at /job), a private /tmp and no network; as root, nobody without capabilities', async () => {
    // The runner's work folder (the sandbox user may pass through it, not list it).
    const work = dir;
    const started = await Sandbox.start({ bwrap: 'bwrap', workDir: work, releasesDir: path.join(work, 'engines'), hidden: [], java: 'java', env: process.env });
    if (!('sandbox' in started)) throw new Error(`no sandbox: ${started.problem}`);
    // A file only its owner may read, in a folder the sandbox binds (the unpacked releases).
    const secret = path.join(work, 'engines', 'owner-only');
    await writeFile(secret, 'secret');
    await chmod(secret, 0o600);
    const other = path.join(work, 'job-1');
    await mkdir(other);
    await writeFile(path.join(other, 'theirs'), 'x');
    const job = path.join(work, 'job-2');
    await mkdir(path.join(job, 'input'), { recursive: true });
    await writeFile(path.join(job, 'input', 'config.xml'), '<config/>');

    const script = [
      'echo uid=$(id -u)',
      'echo home=$HOME',
      'echo cwd=$(pwd)',
      `ls ${job} >/dev/null 2>&1 && echo saw-host-path`,
      'env | grep -c TOKEN || true',
      `cat ${secret} >/dev/null 2>&1 && echo read-secret`,
      `ls ${other} >/dev/null 2>&1 && echo saw-other-job`,
      `ls ${process.cwd()}/package.json >/dev/null 2>&1 && echo saw-repository-root`,
      'cat input/config.xml /job/input/config.xml >/dev/null && echo read-input',
      'mkdir output && echo out > output/x.txt && echo wrote-output',
      `(echo x > ${other}/theirs) 2>/dev/null && echo wrote-other-job`,
      `(echo x > ${process.cwd()}/packages/escaped) 2>/dev/null && echo wrote-repository`,
      '(echo x > /usr/x) 2>/dev/null && echo wrote-usr',
      'echo x > /tmp/private && echo wrote-tmp',
      // No user namespace of its own (uid 0 inside): bwrap's --disable-userns, or as root the seccomp filter.
      'unshare -U -r true 2>/dev/null && echo made-user-namespace',
      `(echo x > ${dir}/private) 2>/dev/null && echo wrote-work-folder`,
      'cat /etc/shadow >/dev/null 2>&1 && echo read-shadow',
      // Capability sets not all zero (as root all five; otherwise those the job could use).
      `grep -E '^Cap(Prm|Eff|Amb${root ? '|Inh|Bnd' : ''}):' /proc/self/status | grep -vc ':\\s*0*$' || true`,
      'grep -c : /proc/net/dev',
    ].join('\n');
    const output = await run(started.sandbox, ['/bin/sh', '-c', script], job, { ...process.env, CORRIDOR_RUNNER_TOKEN: 'tok' });
    expect(output.trim().split('\n')).toEqual([
      `uid=${root ? SANDBOX_UID : process.getuid?.()}`,
      'home=/job',
      'cwd=/job',
      '0',
      // Running as root, the runner hands the job to nobody: a root-only file stays unreadable though bound.
      ...(root ? [] : ['read-secret']),
      'read-input',
      'wrote-output',
      'wrote-tmp',
      // No capability.
      '0',
      // Only the loopback interface.
      '1',
    ]);
    expect(await readFile(path.join(job, 'output', 'x.txt'), 'utf8')).toBe('out\n');
    // /tmp was the sandbox's own, on disk in the job folder: nothing arrived in the host's.
    expect(await readFile(path.join(job, 'tmp', 'private'), 'utf8')).toBe('x\n');
    for (const file of ['/tmp/private', path.join(dir, 'private'), path.join(process.cwd(), 'packages', 'escaped')]) {
      await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    }
    expect(await readFile(path.join(other, 'theirs'), 'utf8')).toBe('x');
  });

  it('runs code that lies below a folder only its owner may enter (a repository in /root), with its job folder there too', async () => {
    const locked = path.join(dir, 'locked');
    const work = path.join(locked, 'work');
    await mkdir(path.join(work, 'engines', 'hello'), { recursive: true });
    await chmod(locked, 0o700);
    await writeFile(path.join(work, 'engines', 'hello', 'hello.js'), "require('fs').writeFileSync('/job/out.txt', 'hello as ' + process.getuid());");
    const started = await Sandbox.start({ bwrap: 'bwrap', workDir: work, releasesDir: path.join(work, 'engines'), hidden: [], java: 'java', env: process.env });
    if (!('sandbox' in started)) throw new Error(`no sandbox: ${started.problem}`);
    const job = path.join(work, 'job-3');
    await mkdir(job);
    await run(started.sandbox, [process.execPath, '/releases/hello/hello.js'], job, process.env);
    expect(await readFile(path.join(job, 'out.txt'), 'utf8')).toBe(`hello as ${root ? SANDBOX_UID : process.getuid?.()}`);
  });
});

/** Starts `argv` in the sandbox in the job folder `job`: its output, or why it failed. */
async function run(sandbox: Sandbox, argv: string[], job: string, env: NodeJS.ProcessEnv): Promise<string> {
  const launch = await sandbox.launch(argv, job, env, { memory: '1g', name: 'job-test' });
  if ('problem' in launch) throw new Error(launch.problem);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(launch.program, launch.args, { ...launch.options, stdio: ['ignore', 'pipe', 'inherit', ...Array<'pipe'>(launch.extraFds).fill('pipe')] });
    let text = '';
    child.stdout!.on('data', (chunk) => (text += chunk));
    child.once('spawn', () => void launch.start(child));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
  });
  await launch.finish();
  return output;
}
