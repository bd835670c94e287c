/**
 * A control group per job, for its memory and process limits: cgroup v2 where the runner's own cgroup can hand the
 * memory and pids controllers to children (the runner moves itself into a leaf `corridor-runner` when it must: a v2
 * cgroup with processes cannot enable controllers for its children), else cgroup v1's memory and pids hierarchies
 * where they are mounted and writable (a root runner on a cgroup v1 host). The job's cgroups are children of the
 * runner's own, named `corridor-{runner pid}-job-{id}`, so a machine's or container's limits still bound them.
 * The counters read after the end say why a job died: `oom_kill` (memory.events in v2, memory.oom_control in v1) and
 * `max` of pids.events (forks refused at pids.max).
 */
import { mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sleep } from '../backoff.ts';

/** The folders jobs' cgroups are made in: one for both controllers (v2), or one per controller (v1). */
export type CgroupBase = { version: 2; dir: string } | { version: 1; memory: string; pids: string };

export interface CgroupLimits {
  /** Bytes of memory for all the job's processes together (page cache and tmpfs pages included). */
  memoryBytes: number | undefined;
  /** Tasks (processes and threads) the job may have at once. */
  processes: number;
}

const REMOVE_ATTEMPTS = 20;
const REMOVE_WAIT_MS = 50;

/** The cgroup mounts and this process's cgroups: where a job's cgroups can go, or undefined. */
export async function findCgroupBase(): Promise<CgroupBase | undefined> {
  const mounts = parseCgroupMounts(await readFile('/proc/self/mountinfo', 'utf8').catch(() => ''));
  const own = parseOwnCgroups(await readFile('/proc/self/cgroup', 'utf8').catch(() => ''));
  const at = (controller: string) => {
    const mount = mounts.find((m) => (controller === '' ? m.version === 2 : m.version === 1 && m.controllers.includes(controller)));
    const inside = own.get(controller);
    if (!mount || inside === undefined || !isInside(inside, mount.root)) return undefined;
    return path.join(mount.at, path.relative(mount.root, inside));
  };
  const unified = at('');
  if (unified && (await delegate(unified))) return { version: 2, dir: unified };
  const [memory, pids] = [at('memory'), at('pids')];
  if (memory && pids && (await writable(memory)) && (await writable(pids))) return { version: 1, memory, pids };
  return undefined;
}

/** Cgroup filesystems of /proc/self/mountinfo: where mounted, which part of the hierarchy (root), v1 controllers. */
export function parseCgroupMounts(mountinfo: string): { at: string; root: string; version: 1 | 2; controllers: string[] }[] {
  return mountinfo.split('\n').flatMap((line) => {
    const [before, after] = line.split(' - ');
    const fields = before?.split(' ') ?? [];
    const [type, , options] = after?.split(' ') ?? [];
    if (type !== 'cgroup' && type !== 'cgroup2') return [];
    const unescape = (text: string) => text.replace(/\\(\d{3})/g, (_m, octal: string) => String.fromCharCode(parseInt(octal, 8)));
    const controllers = type === 'cgroup' ? (options ?? '').split(',') : [];
    return [{ at: unescape(fields[4] ?? ''), root: unescape(fields[3] ?? ''), version: type === 'cgroup2' ? (2 as const) : (1 as const), controllers }];
  });
}

/** /proc/self/cgroup as controller → path; the v2 line ("0::/path") under ''. */
export function parseOwnCgroups(text: string): Map<string, string> {
  const own = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    for (const controller of match[1]!.split(',')) own.set(controller, match[2]!);
  }
  return own;
}

/**
 * Whether `dir`'s children get the memory and pids controllers: enabled already, or enabled now — after this
 * runner moved itself into a leaf of its own when its cgroup held processes (no internal processes in v2).
 */
async function delegate(dir: string): Promise<boolean> {
  const controllers = (await readFile(path.join(dir, 'cgroup.controllers'), 'utf8').catch(() => '')).split(/\s+/);
  if (!controllers.includes('memory') || !controllers.includes('pids')) return false;
  const enable = () => writeFile(path.join(dir, 'cgroup.subtree_control'), '+memory +pids').then(() => true, (error: NodeJS.ErrnoException) => error.code);
  const first = await enable();
  if (first === true) return writable(dir);
  if (first !== 'EBUSY') return false;
  const leaf = path.join(dir, 'corridor-runner');
  try {
    await mkdir(leaf, { recursive: true });
    await writeFile(path.join(leaf, 'cgroup.procs'), String(process.pid));
  } catch {
    return false;
  }
  return (await enable()) === true;
}

/** Whether a child cgroup can be made (and removed) in `dir`. */
async function writable(dir: string): Promise<boolean> {
  const probe = path.join(dir, `corridor-${process.pid}-probe`);
  try {
    await mkdir(probe);
    await rmdir(probe);
    return true;
  } catch {
    return false;
  }
}

/** One job's cgroup(s), limits written, ready for its processes. */
export class JobCgroup {
  private constructor(
    private readonly base: CgroupBase,
    private readonly dirs: { memory: string; pids: string },
  ) {}

  /** Makes the job's cgroup(s) below `base` with `limits`. */
  static async create(base: CgroupBase, name: string, limits: CgroupLimits): Promise<JobCgroup> {
    const dirs = base.version === 2 ? { memory: path.join(base.dir, name), pids: path.join(base.dir, name) } : { memory: path.join(base.memory, name), pids: path.join(base.pids, name) };
    const cgroup = new JobCgroup(base, dirs);
    for (const dir of new Set([dirs.memory, dirs.pids])) {
      await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    }
    try {
      await writeFile(path.join(dirs.pids, 'pids.max'), String(limits.processes));
      if (limits.memoryBytes !== undefined) await cgroup.limitMemory(limits.memoryBytes);
    } catch (error) {
      await cgroup.remove();
      throw error;
    }
    return cgroup;
  }

  /** The memory bound, and swap kept out of it where the host has some (the bound is on RAM plus swap). */
  private async limitMemory(bytes: number): Promise<void> {
    const { memory } = this.dirs;
    if (this.base.version === 2) {
      await writeFile(path.join(memory, 'memory.max'), String(bytes));
      await writeFile(path.join(memory, 'memory.swap.max'), '0').catch(() => undefined);
    } else {
      await writeFile(path.join(memory, 'memory.limit_in_bytes'), String(bytes));
      await writeFile(path.join(memory, 'memory.memsw.limit_in_bytes'), String(bytes)).catch(() => undefined);
    }
  }

  /** Moves the processes `pids` (with their threads) into the job's cgroup(s). */
  async add(pids: readonly number[]): Promise<void> {
    for (const dir of new Set([this.dirs.memory, this.dirs.pids])) {
      for (const pid of pids) await writeFile(path.join(dir, 'cgroup.procs'), String(pid));
    }
  }

  /** How often the kernel killed a process of the job for memory. */
  async oomKills(): Promise<number> {
    const file = this.base.version === 2 ? 'memory.events' : 'memory.oom_control';
    return counter(await readFile(path.join(this.dirs.memory, file), 'utf8').catch(() => ''), 'oom_kill');
  }

  /** How often a fork was refused at the process limit. */
  async processLimitHits(): Promise<number> {
    return counter(await readFile(path.join(this.dirs.pids, 'pids.events'), 'utf8').catch(() => ''), 'max');
  }

  /** Kills what is left in the cgroup(s) and removes them (a cgroup goes only once its last process is gone). */
  async remove(): Promise<void> {
    for (const dir of new Set([this.dirs.memory, this.dirs.pids])) {
      for (let attempt = 1; ; attempt++) {
        const procs = await readFile(path.join(dir, 'cgroup.procs'), 'utf8').catch(() => '');
        for (const pid of procs.split('\n').filter(Boolean)) killQuietly(Number(pid));
        const removed = await rmdir(dir).then(() => true, (error: NodeJS.ErrnoException) => error.code === 'ENOENT');
        if (removed || attempt === REMOVE_ATTEMPTS) break;
        await sleep(REMOVE_WAIT_MS);
      }
    }
  }
}

/** Removes empty job cgroups a killed runner left (one with processes stays: rmdir refuses it). */
export async function removeLeftoverCgroups(base: CgroupBase): Promise<void> {
  for (const dir of base.version === 2 ? [base.dir] : [base.memory, base.pids]) {
    for (const name of await readdir(dir).catch(() => [])) {
      if (/^corridor-\d+-job-\d+$/.test(name)) await rmdir(path.join(dir, name)).catch(() => undefined);
    }
  }
}

/** `key N` of a flat-keyed cgroup file; 0 when absent. */
export function counter(text: string, key: string): number {
  const match = new RegExp(`^${key} (\\d+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}
