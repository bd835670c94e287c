/**
 * Jobs in a sandbox: every job command runs inside bubblewrap (`bwrap`) — its own pid, ipc, network (none), uts,
 * cgroup and mount namespaces, a private /tmp on disk (the job folder's `tmp/`, not RAM), the system read-only (/usr, /etc and the /bin, /lib… folders or
 * links), read-only the code it runs (the engine's packages and node_modules, node's prefix and the JVM at their own
 * paths, the unpacked MATSim releases at /releases), and writable only its own job folder, at /job. Everything the
 * job is told (the working config's files and output directory, $CONFIG, $JAR, its working directory and HOME) names
 * /job or /releases, so no output file it writes names the runner's folders; the runner itself keeps the host paths
 * (pathInside maps them). Everything else — DATA_DIR, the runner's work folder with the other jobs, the home folder —
 * is not there; where one of them lies inside a read-only path it is covered with an empty tmpfs. The job gets a
 * minimal environment (never the runner's token). Folders bwrap creates on the way to a mount point are made 0755.
 * Two modes (SandboxMode): a runner that is not root runs bwrap as itself in an unprivileged user namespace, with no
 * nested user namespaces (--disable-userns). A root runner runs bwrap as root without a user namespace (one would
 * map the job's uid back to root outside), so bwrap reaches its bind sources wherever they lie (below a 0700 /root
 * too); the command starts through `setpriv`, which makes it `nobody` (65534) with no groups, no capabilities and
 * no_new_privs, under a seccomp filter that refuses new user namespaces (seccomp.ts). Its job folder is handed to
 * `nobody` and root reads the outputs afterwards. --die-with-parent and a pid namespace end every process of the job
 * with bwrap. Each job gets a memory and a process limit (job-limits.ts: its own cgroup, or prlimit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, lchown, lstat, mkdir, readdir, readlink, realpath, rm } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { engineCodePaths } from '../install.ts';
import { findLimitMethod, LaunchLimits, type LimitMethod, type LimitsReport } from './job-limits.ts';
import { userNamespaceFilter } from './seccomp.ts';

/** `nobody` on Debian and most distributions. */
export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

/** Why a job of a template that allows custom jars fails on a runner without a sandbox. */
export const NO_SANDBOX_MESSAGE =
  'There is no sandbox on this runner (bubblewrap is missing or does not work), so it does not run job templates ' +
  'that allow a custom JAR-file. Its operator can install bubblewrap, or start the runner with --unsandboxed.';

const SYSTEM_PATHS = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** Variables a job keeps from the runner's environment (after the runner token was taken out). */
const KEPT_ENV = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'JAVA_HOME', 'NODE_OPTIONS'];
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';
const PROBE_TIMEOUT_MS = 15_000;

/** Where the job folder is inside the sandbox, whatever its path on the host. */
export const SANDBOX_JOB_DIR = '/job';
/** The job's /tmp: this folder of its job folder (on disk, removed with it; not in the uploaded output folder). */
export const JOB_TMP_DIR = 'tmp';
/** Where the unpacked MATSim releases are inside the sandbox (read-only). */
export const SANDBOX_RELEASES_DIR = '/releases';

/** A host folder seen at another path inside the sandbox. */
export interface Mount {
  host: string;
  inside: string;
}

/** The host's system folders: bound read-only, or recreated as the links they are (a merged /usr). */
export type SystemEntry = { path: string; link?: string };

export interface SandboxPaths {
  system: readonly SystemEntry[];
  /** Bound read-only at the same path. */
  readOnly: readonly string[];
  /** Never visible: covered with a tmpfs where they lie inside a bound path (the runner's work folder, DATA_DIR). */
  hidden: readonly string[];
  /** Bound read-only at a path of their own (the unpacked releases at /releases). */
  mounted: readonly Mount[];
}

/** How to start a job's command: bwrap and its arguments, or the command itself. */
export interface Launch {
  program: string;
  args: string[];
  options: { cwd: string; env: NodeJS.ProcessEnv };
  sandboxed: boolean;
  /** Pipes the process gets as fds 3, 4, … (the seccomp filter, bwrap's block fd); `start` writes them. */
  extraFds: number;
  /** Once spawned: the seccomp filter fed, the process moved into its limits and let go. Never throws. */
  start(child: ChildProcess): Promise<void>;
  /** After the exit: what the limits did (undefined without a sandbox), their cgroup removed. */
  finish(): Promise<LimitsReport | undefined>;
}

/** bwrap's file descriptors beyond stdio: the seccomp filter (root runner), the block fd (a cgroup to enter first). */
export interface LaunchFds {
  seccomp?: number;
  block?: number;
}

/**
 * How bwrap runs: as the runner's (non-root) user in a user namespace; or, for a root runner, as root without one,
 * the command started by `setpriv` (its path) as `nobody` without capabilities.
 */
export type SandboxMode = { user: 'namespace' } | { user: 'setpriv'; setpriv: string; seccomp: Buffer };

/** The namespaces: every one, nested user namespaces refused; as root all but the user namespace. */
function namespaceArgs(mode: SandboxMode): string[] {
  if (mode.user === 'namespace') return ['--unshare-all', '--unshare-user', '--disable-userns'];
  // Only what setpriv needs to become nobody; it drops them again (and every other) before the command runs.
  return ['--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup', '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID'];
}

/** The command bwrap runs: `argv` itself, or as root `argv` behind setpriv, which makes it nobody. */
function commandArgs(mode: SandboxMode, argv: readonly string[]): string[] {
  if (mode.user === 'namespace') return [...argv];
  const [uid, gid] = [String(SANDBOX_UID), String(SANDBOX_GID)];
  return [mode.setpriv, '--reuid', uid, '--regid', gid, '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs', '--', ...argv];
}

/** bwrap's arguments for running `argv` in `jobDir`, seen as /job (see the top of this file). */
export function bwrapArgs(paths: SandboxPaths, jobDir: string, argv: readonly string[], mode: SandboxMode, fds: LaunchFds = {}): string[] {
  const args = [...namespaceArgs(mode), '--die-with-parent', '--new-session'];
  if (fds.seccomp !== undefined) args.push('--seccomp', String(fds.seccomp));
  if (fds.block !== undefined) args.push('--block-fd', String(fds.block));
  const mounts = new MountPoints(args);
  for (const entry of paths.system) {
    if (entry.link) args.push('--symlink', entry.link, entry.path);
    else mounts.add('--ro-bind', entry.path, entry.path);
  }
  mounts.add('--proc', '/proc');
  mounts.add('--dev', '/dev');
  // On disk, in the job folder: a tmpfs would be RAM the memory limit does not see coming.
  mounts.add('--bind', path.join(jobDir, JOB_TMP_DIR), '/tmp');
  const bound = paths.system.filter((entry) => !entry.link).map((entry) => entry.path);
  const isHidden = (dir: string) => paths.hidden.some((h) => inside(dir, h));
  // Each once: not what is visible already (a hidden folder's content is not).
  const readOnly = paths.readOnly.filter((dir, i) => isHidden(dir) || ![...bound, ...paths.readOnly.slice(0, i)].some((b) => inside(dir, b)));
  for (const dir of readOnly.filter((d) => !isHidden(d))) mounts.add('--ro-bind', dir, dir);
  // A hidden folder inside something bound (DATA_DIR inside the repository…) is covered; /tmp is the job's anyway.
  for (const dir of paths.hidden) if ([...bound, ...readOnly].some((b) => inside(dir, b))) mounts.add('--tmpfs', dir);
  for (const dir of readOnly.filter(isHidden)) mounts.add('--ro-bind', dir, dir);
  for (const mount of paths.mounted) mounts.add('--ro-bind', mount.host, mount.inside);
  mounts.add('--bind', jobDir, SANDBOX_JOB_DIR);
  args.push('--chdir', SANDBOX_JOB_DIR, '--', ...commandArgs(mode, argv));
  return args;
}

/**
 * Mount operations in order, each preceded by `--perms 0755 --dir` for the folders on the way to its mount point
 * that nothing made yet: bwrap would create them 0700 as root, and nobody could not pass (/root of /root/repo/…).
 */
class MountPoints {
  /** Mount points so far, and whether their content comes from the host (a bind) or is fresh (tmpfs, --dir…). */
  private readonly made: { at: string; host: boolean }[] = [{ at: '/', host: false }];

  constructor(private readonly args: string[]) {}

  add(flag: '--ro-bind' | '--bind', source: string, at: string): void;
  add(flag: '--proc' | '--dev' | '--tmpfs', at: string): void;
  add(flag: string, ...operands: string[]): void {
    const at = flag.endsWith('bind') ? operands[1]! : operands[0]!;
    for (let dir = path.dirname(at), missing: string[] = []; ; dir = path.dirname(dir)) {
      if (this.exists(dir)) {
        for (const folder of missing.reverse()) this.push(['--perms', '0755', '--dir', folder], folder, false);
        break;
      }
      missing.push(dir);
    }
    // Only a bind of the same path brings the host's folders below it (the job's tmp/ at /tmp does not: a runner
    // bundle unpacked below the host's /tmp needs its folders made there).
    this.push([flag, ...operands], at, flag.endsWith('bind') && operands[0] === operands[1]);
  }

  /** A mount point made already, or a folder below the nearest one when that is a bind of the host's. */
  private exists(dir: string): boolean {
    // The deepest containing mount point; of two at one path, the later.
    const nearest = this.made.filter((m) => inside(dir, m.at)).reduce((best, m) => (m.at.length >= best.at.length ? m : best));
    return nearest.at === dir || nearest.host;
  }

  private push(operation: string[], at: string, host: boolean): void {
    this.args.push(...operation);
    this.made.push({ at, host });
  }
}

/** The job's environment in the sandbox: a few variables of `env` (the runner's, token already removed), HOME the job folder. */
export function sandboxEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = { PATH: DEFAULT_PATH };
  for (const key of KEPT_ENV) if (env[key]) kept[key] = env[key];
  return { ...kept, HOME: SANDBOX_JOB_DIR, TMPDIR: '/tmp' };
}

/** A host path as the job sees it: below a mount, its path inside; anything else is bound as it is (or absent). */
export function insidePath(hostPath: string, mounts: readonly Mount[]): string {
  return movePath(hostPath, mounts.map((mount) => [mount.host, mount.inside]));
}

/** A path the job names as the host sees it (the reverse of insidePath). */
export function outsidePath(sandboxPath: string, mounts: readonly Mount[]): string {
  return movePath(sandboxPath, mounts.map((mount) => [mount.inside, mount.host]));
}

/** `file` below the first `from` of `moves` moved below its `to`; relative paths and paths below none stay. */
function movePath(file: string, moves: readonly (readonly [from: string, to: string])[]): string {
  if (!path.isAbsolute(file)) return file;
  const move = moves.find(([from]) => inside(file, from));
  return move ? path.join(move[1], path.relative(move[0], file)) : file;
}

/** Starts `argv` as it is, in `dir`, with `env`: the runner's own rights, no limits. */
export function directLaunch(argv: readonly string[], dir: string, env: NodeJS.ProcessEnv): Launch {
  const [program, ...args] = argv as [string, ...string[]];
  return { program, args, options: { cwd: dir, env }, sandboxed: false, extraFds: 0, start: async () => undefined, finish: async () => undefined };
}

/**
 * bwrap passes on the command's exit code, and 128 + n for a command ended by signal n: turned back into the
 * signal, as for a process the runner started itself.
 */
export function sandboxExit(code: number | null, signal: NodeJS.Signals | null): { code: number | null; signal: NodeJS.Signals | null } {
  if (code === null || code <= 128) return { code, signal };
  const name = Object.entries(osConstants.signals).find(([, n]) => n === code - 128)?.[0];
  return name ? { code: null, signal: name as NodeJS.Signals } : { code, signal };
}

export interface SandboxOptions {
  /** The bwrap executable (a name on PATH or a path). */
  bwrap: string;
  /** The runner's work folder (job folders, unpacked releases): hidden, and the probe runs in it. */
  workDir: string;
  /** Where MATSim releases are unpacked (inside workDir): bound read-only at /releases. */
  releasesDir: string;
  /** Other folders jobs must never see (the --engines folder of release zips). */
  hidden: readonly string[];
  /** $JAVA: its JVM is bound read-only. */
  java: string;
  env: NodeJS.ProcessEnv;
}

export class Sandbox {
  private constructor(
    private readonly bwrap: string,
    private readonly paths: SandboxPaths,
    private readonly mode: SandboxMode,
    /** How jobs' memory and processes are limited (job-limits.ts). */
    readonly limitMethod: LimitMethod,
  ) {}

  /** A working sandbox, or why there is none: bwrap is found and runs node in a probe folder like a job's. */
  static async start(options: SandboxOptions): Promise<{ sandbox: Sandbox } | { problem: string }> {
    const { workDir, env } = options;
    const bwrap = await findProgram(options.bwrap, env.PATH ?? DEFAULT_PATH, workDir);
    if (!bwrap) return { problem: `${options.bwrap} was not found (install the package bubblewrap)` };
    const mode = await sandboxMode(env);
    if (typeof mode === 'string') return { problem: mode };
    const prlimit = await findProgram('prlimit', env.PATH ?? DEFAULT_PATH, '/');
    const limitMethod = await findLimitMethod(prlimit, env.CORRIDOR_JOB_LIMITS);
    if (!limitMethod) return { problem: 'prlimit was not found (install the package util-linux) and no cgroup can be made for jobs' };
    await mkdir(options.releasesDir, { recursive: true });
    const paths: SandboxPaths = {
      system: await systemEntries(),
      readOnly: await codePaths(options.java, env),
      hidden: [workDir, ...options.hidden],
      mounted: [{ host: options.releasesDir, inside: SANDBOX_RELEASES_DIR }],
    };
    const sandbox = new Sandbox(bwrap, paths, mode, limitMethod);
    const problem = await sandbox.probe(path.join(workDir, 'sandbox-probe'));
    if (problem && limitMethod.kind === 'cgroup' && prlimit) {
      // A cgroup that could be made but not entered: prlimit does it then.
      const fallback = new Sandbox(bwrap, paths, mode, { kind: 'prlimit', prlimit });
      if (!(await fallback.probe(path.join(workDir, 'sandbox-probe')))) return { sandbox: fallback };
    }
    return problem ? { problem } : { sandbox };
  }

  /**
   * How to start `argv` (paths of the job folder as /job/…) in the job folder `dir`, limited for a run of `memory`
   * (its cgroup named after `name`); the job's /tmp made in the folder; a root runner hands the folder (already
   * staged) to nobody. A program that cannot be found gives why, as spawn would.
   */
  async launch(argv: readonly string[], dir: string, env: NodeJS.ProcessEnv, job: { memory: string; name: string }): Promise<Launch | { problem: string }> {
    const sandboxEnv = sandboxEnvironment(env);
    const problem = await this.prepareDir(argv, dir, sandboxEnv);
    if (problem) return { problem };
    const limits = await LaunchLimits.prepare(this.limitMethod, job.memory, job.name);
    const seccomp = this.mode.user === 'setpriv' ? this.mode.seccomp : undefined;
    const pipes: ('seccomp' | 'block')[] = [...(seccomp ? ['seccomp' as const] : []), ...(limits.blocks ? ['block' as const] : [])];
    const fd = (pipe: 'seccomp' | 'block') => (pipes.includes(pipe) ? 3 + pipes.indexOf(pipe) : undefined);
    const pipeOf = (child: ChildProcess, pipe: 'seccomp' | 'block') => child.stdio[fd(pipe)!] as Writable | null;
    return {
      program: this.bwrap,
      args: bwrapArgs(this.paths, dir, limits.command(argv), this.mode, { seccomp: fd('seccomp'), block: fd('block') }),
      options: { cwd: dir, env: sandboxEnv },
      sandboxed: true,
      extraFds: pipes.length,
      start: async (child) => {
        // bwrap may be gone before it read them (EPIPE): its exit says why, not a crash of the runner.
        for (const pipe of pipes) pipeOf(child, pipe)?.on('error', () => undefined);
        if (seccomp) pipeOf(child, 'seccomp')?.end(seccomp);
        await limits.release(child, limits.blocks ? (pipeOf(child, 'block') ?? undefined) : undefined);
      },
      finish: () => limits.report(),
    };
  }

  /**
   * The same sandbox as `launch` for a job another program starts (a Slurm batch script): bwrap's argv, with the
   * seccomp filter read from fd 3 where a root runner needs one (the caller opens `seccomp` there). No limits of the
   * runner's own: the scheduler's allocation limits the job.
   */
  async batchCommand(argv: readonly string[], dir: string, env: NodeJS.ProcessEnv): Promise<{ argv: string[]; env: NodeJS.ProcessEnv; seccomp?: Buffer } | { problem: string }> {
    const sandboxEnv = sandboxEnvironment(env);
    const problem = await this.prepareDir(argv, dir, sandboxEnv);
    if (problem) return { problem };
    const seccomp = this.mode.user === 'setpriv' ? this.mode.seccomp : undefined;
    const args = bwrapArgs(this.paths, dir, argv, this.mode, { seccomp: seccomp ? 3 : undefined });
    return { argv: [this.bwrap, ...args], env: sandboxEnv, ...(seccomp ? { seccomp } : {}) };
  }

  /** The command's program must exist as the job sees it; the job's /tmp made and, for a root runner, the folder given to nobody. */
  private async prepareDir(argv: readonly string[], dir: string, sandboxEnv: NodeJS.ProcessEnv): Promise<string | undefined> {
    if (!(await findProgram(outsidePath(argv[0]!, this.mounts(dir)), sandboxEnv.PATH!, dir))) return `spawn ${argv[0]} ENOENT`;
    await mkdir(path.join(dir, JOB_TMP_DIR), { recursive: true, mode: 0o700 });
    if (this.mode.user === 'setpriv') await chownTree(dir, SANDBOX_UID, SANDBOX_GID);
    return undefined;
  }

  /** A path of the runner's (in the job folder `jobDir`, a release) as the job inside the sandbox sees it. */
  pathInside(hostPath: string, jobDir: string): string {
    return insidePath(hostPath, this.mounts(jobDir));
  }

  private mounts(jobDir: string): Mount[] {
    return [{ host: jobDir, inside: SANDBOX_JOB_DIR }, ...this.paths.mounted];
  }

  /** Runs node in an empty job-like folder; undefined when that works, else bwrap's complaint. */
  private async probe(dir: string): Promise<string | undefined> {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    try {
      const launch = await this.launch([process.execPath, '-e', ''], dir, {}, { memory: '256m', name: 'probe' });
      if ('problem' in launch) return launch.problem;
      const stdio = ['ignore', 'ignore', 'pipe', ...Array<'pipe'>(launch.extraFds).fill('pipe')] as const;
      const ended = await new Promise<string | undefined>((resolve) => {
        const child = spawn(launch.program, launch.args, { ...launch.options, stdio: [...stdio], timeout: PROBE_TIMEOUT_MS });
        let errors = '';
        child.stderr!.on('data', (chunk) => (errors += chunk));
        child.once('spawn', () => void launch.start(child));
        child.once('error', (error) => resolve(error.message));
        child.once('close', (code, signal) => resolve(code === 0 ? undefined : `bwrap ended with ${code ?? signal}: ${errors.trim()}`));
      });
      const limits = await launch.finish();
      return limits?.problem ?? ended;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** A root runner's mode needs setpriv (util-linux) and the seccomp filter for this architecture; else why not. */
async function sandboxMode(env: NodeJS.ProcessEnv): Promise<SandboxMode | string> {
  if (process.getuid?.() !== 0) return { user: 'namespace' };
  const setpriv = await findProgram('setpriv', env.PATH ?? DEFAULT_PATH, '/');
  if (!setpriv) return 'setpriv was not found (install the package util-linux)';
  const seccomp = userNamespaceFilter();
  if (!seccomp) return `jobs of a root runner cannot be kept from making user namespaces on ${process.arch}: start the runner as another user`;
  return { user: 'setpriv', setpriv, seccomp };
}

/** /usr, /etc and the /bin, /sbin, /lib… that exist here, as folders or as links. */
async function systemEntries(): Promise<SystemEntry[]> {
  const entries: SystemEntry[] = [];
  for (const dir of SYSTEM_PATHS) {
    const info = await lstat(dir).catch(() => undefined);
    if (info?.isSymbolicLink()) entries.push({ path: dir, link: await readlink(dir) });
    else if (info?.isDirectory()) entries.push({ path: dir });
  }
  return entries;
}

/** What the engine and Java need: the engine's packages and node_modules (or the runner bundle's folder), node's prefix, the JVM. */
async function codePaths(java: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const paths = [...(await engineCodePaths()), prefixOf(await realpath(process.execPath))];
  const javaProgram = await findProgram(java, env.PATH ?? DEFAULT_PATH, process.cwd());
  if (javaProgram) paths.push(prefixOf(await realpath(javaProgram)));
  if (env.JAVA_HOME) paths.push(path.resolve(env.JAVA_HOME));
  return paths;
}

/** `/usr/lib/jvm/java-17/bin/java` → `/usr/lib/jvm/java-17`. */
function prefixOf(program: string): string {
  return path.dirname(path.dirname(program));
}

/** `name` as the sandbox's execvp would find it (a path, or the first executable on PATH); undefined if none. */
export async function findProgram(name: string, searchPath: string, cwd: string): Promise<string | undefined> {
  const candidates = name.includes('/') ? [path.resolve(cwd, name)] : searchPath.split(':').filter(Boolean).map((dir) => path.join(dir, name));
  for (const candidate of candidates) {
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return undefined;
}

/** Whether `child` is `parent` or lies below it. */
function inside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Hands a folder and everything in it to uid:gid (links themselves, never what they point to). */
async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await lchown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await lchown(full, uid, gid);
  }
}
