/**
 * What a sandboxed job may use of the machine: at most JOB_PROCESS_LIMIT tasks (processes and threads) and memory
 * derived from the run's memory setting (its -Xmx): the heap plus a quarter plus 512 MiB for the JVM's metaspace,
 * code cache, thread stacks and direct buffers, and for what the job's tools and /tmp (on disk) keep in page cache.
 * Enforced per job by a cgroup where the runner can make one (cgroups.ts: v2, else v1), otherwise by `prlimit` on
 * the command: RLIMIT_NPROC (per user: in a non-root runner's user namespace that is the job; as root all jobs run as
 * nobody and share it) and RLIMIT_AS per process, with 4 GiB of extra address space since a JVM reserves far more
 * than it touches. A job that hit the memory limit ends FAILED saying it ran out of memory: the cgroup's oom_kill
 * counter says so, or under prlimit the out-of-memory line a failed allocation printed.
 */
import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { sleep } from '../backoff.ts';
import { findCgroupBase, JobCgroup, removeLeftoverCgroups, type CgroupBase, type CgroupLimits } from './cgroups.ts';
import { memoryInMb } from './command.ts';
import { descendants } from './process-tree.ts';

/** Tasks a job may have at once: generous for a JVM's threads, far below a fork bomb. */
export const JOB_PROCESS_LIMIT = 512;
const MiB = 1024 * 1024;
/** Room above the heap for what a JVM uses besides it. */
const NON_HEAP_BYTES = 512 * MiB;
/** Address space above the memory limit under RLIMIT_AS: a JVM reserves 1 GiB of class space, code cache, stacks… */
const ADDRESS_SPACE_HEADROOM = 4096 * MiB;

/** Lines a failed allocation prints: the JVM's, node's and the C library's. */
const OUT_OF_MEMORY_LINE = /OutOfMemoryError|out of memory|insufficient memory|memory exhausted|Cannot allocate memory/i;

export const JOB_LIMIT_MESSAGES = {
  outOfMemory: (limitBytes: number, memory: string) =>
    `The job ran out of memory: its processes together needed more than ${Math.round(limitBytes / MiB)} MiB (the run's memory ${memory} plus room for the JVM) and were stopped. Give the run more memory.`,
  outOfMemoryLine: 'The job ran out of memory.',
  processLimit: `The job reached its limit of ${JOB_PROCESS_LIMIT} processes and threads.`,
  notLimited: (problem: string) => `The job's memory and process limits could not be set: ${problem}`,
} as const;

/** The limits of a job whose run asked for `memory` ("4g", "4096m"). */
export function jobLimits(memory: string): CgroupLimits {
  const mb = memoryInMb(memory);
  return { memoryBytes: mb === undefined ? undefined : Math.ceil(mb * MiB * 1.25) + NON_HEAP_BYTES, processes: JOB_PROCESS_LIMIT };
}

/** How this runner enforces the limits: a cgroup per job, or prlimit on the command (its path). */
export type LimitMethod = { kind: 'cgroup'; base: CgroupBase } | { kind: 'prlimit'; prlimit: string };

/**
 * The cgroup way where it works here, else prlimit (`prlimit`: its path, util-linux); undefined when neither is there.
 * `choice` (CORRIDOR_JOB_LIMITS) `prlimit` skips cgroups (a host whose cgroups something else manages).
 */
export async function findLimitMethod(prlimit: string | undefined, choice?: string): Promise<LimitMethod | undefined> {
  const base = choice === 'prlimit' ? undefined : await findCgroupBase();
  if (base) {
    await removeLeftoverCgroups(base);
    return { kind: 'cgroup', base };
  }
  return prlimit ? { kind: 'prlimit', prlimit } : undefined;
}

/** How the limits are enforced, for the runner's log at start. */
export function describeLimitMethod(method: LimitMethod): string {
  if (method.kind === 'prlimit') return 'prlimit (RLIMIT_NPROC, RLIMIT_AS)';
  const { base } = method;
  return base.version === 2 ? `a cgroup v2 per job (below ${base.dir})` : `a cgroup v1 per job (below ${base.memory} and ${base.pids})`;
}

/** `argv` behind prlimit with the job's limits: the prlimit way. */
function prlimitArgv(prlimit: string, limits: CgroupLimits, argv: readonly string[]): string[] {
  const nproc = `--nproc=${limits.processes}`;
  const as = limits.memoryBytes === undefined ? [] : [`--as=${limits.memoryBytes + ADDRESS_SPACE_HEADROOM}`];
  return [prlimit, nproc, ...as, '--', ...argv];
}

/** What the limits did to a job that ended (read from its cgroup; none under prlimit). */
export interface LimitsReport {
  /** The job's memory limit in bytes. */
  memoryBytes: number | undefined;
  outOfMemory: boolean;
  processLimit: boolean;
  /** Why the limits could not be set (the job was then stopped at once). */
  problem?: string;
}

/**
 * The message of a job that did not exit 0: `engineMessage` ("The engine exited with code 1. …"), said as running
 * out of memory or reaching the process limit where that ended it, or replaced where the kernel stopped it for memory.
 */
export function limitedMessage(report: LimitsReport | undefined, memory: string, lastErrorLine: string | undefined, engineMessage: string): string {
  if (report?.problem) return JOB_LIMIT_MESSAGES.notLimited(report.problem);
  if (report?.outOfMemory && report.memoryBytes !== undefined) return JOB_LIMIT_MESSAGES.outOfMemory(report.memoryBytes, memory);
  if (report?.processLimit) return `${JOB_LIMIT_MESSAGES.processLimit} ${engineMessage}`;
  if (lastErrorLine && OUT_OF_MEMORY_LINE.test(lastErrorLine)) return `${JOB_LIMIT_MESSAGES.outOfMemoryLine} ${engineMessage}`;
  return engineMessage;
}

/** How long bwrap may take to clone the sandbox's first process (it then waits on its block fd). */
const SANDBOX_START_MS = 10_000;

/**
 * The limits of one launch of bwrap. prlimit: the command is wrapped. cgroup: bwrap starts blocked (--block-fd);
 * once it cloned the sandbox's first process, both are moved into the job's cgroup and let go, so every process
 * of the job starts inside it. Afterwards the cgroup's counters say what the limits did, and it is removed.
 */
export class LaunchLimits {
  private problem: string | undefined;
  private released: Promise<void> = Promise.resolve();

  private constructor(
    readonly limits: CgroupLimits,
    private readonly method: LimitMethod,
    private readonly cgroup: JobCgroup | undefined,
  ) {}

  /** The limits of a job whose run asked for `memory`; a cgroup named after the runner and `jobName` where that is the way. */
  static async prepare(method: LimitMethod, memory: string, jobName: string): Promise<LaunchLimits> {
    const limits = jobLimits(memory);
    const cgroup = method.kind === 'cgroup' ? await JobCgroup.create(method.base, `corridor-${process.pid}-${jobName}`, limits) : undefined;
    return new LaunchLimits(limits, method, cgroup);
  }

  /** Whether bwrap must wait on a block fd until its processes are in the cgroup. */
  get blocks(): boolean {
    return this.cgroup !== undefined;
  }

  /** The command the sandbox runs: `argv`, behind prlimit where that is the way. */
  command(argv: readonly string[]): string[] {
    return this.method.kind === 'prlimit' ? prlimitArgv(this.method.prlimit, this.limits, argv) : [...argv];
  }

  /** bwrap `child` started: into the cgroup with it, then `block` is written to let it run. A failure kills it. */
  release(child: ChildProcess, block: Writable | undefined): Promise<void> {
    this.released = this.enter(child, block);
    return this.released;
  }

  private async enter(child: ChildProcess, block: Writable | undefined): Promise<void> {
    if (!this.cgroup || !block) return;
    try {
      const pid = child.pid!;
      const deadline = Date.now() + SANDBOX_START_MS;
      let below = await descendants(pid);
      for (; below.length === 0; below = await descendants(pid)) {
        if (child.exitCode !== null || child.signalCode !== null) return;
        if (Date.now() > deadline) throw new Error('bwrap did not start its sandbox');
        await sleep(5);
      }
      await this.cgroup.add([pid, ...below]);
      block.end('x');
    } catch (error) {
      this.problem = (error as Error).message;
      child.kill('SIGKILL');
    }
  }

  /** After the end: what the limits did; the cgroup is removed. */
  async report(): Promise<LimitsReport> {
    await this.released;
    const report: LimitsReport = { memoryBytes: this.limits.memoryBytes, outOfMemory: false, processLimit: false, ...(this.problem ? { problem: this.problem } : {}) };
    if (!this.cgroup) return report;
    report.outOfMemory = (await this.cgroup.oomKills()) > 0;
    report.processLimit = (await this.cgroup.processLimitHits()) > 0;
    await this.cgroup.remove();
    return report;
  }
}
