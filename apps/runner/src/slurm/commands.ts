/**
 * Slurm's own commands, as the runner calls them (argv, never a shell): sbatch to submit, squeue for waiting and
 * running jobs and the queue position, sacct (where the cluster keeps accounting) or scontrol for how a job ended,
 * scancel to stop one, sinfo for the partition's resources. Each call times out; its error names the command.
 */
import { execFile } from 'node:child_process';
import type { Resources } from '@corridor/contract';
import { baseState, type SlurmJobState } from './states.ts';

const TIMEOUT_MS = 30_000;

export class SlurmCommandError extends Error {}

export interface SlurmCommands {
  /** sbatch: the new job's id. */
  submit(script: string, extraArgs: readonly string[], cwd: string): Promise<string>;
  /** The job's state; undefined when Slurm no longer knows it. */
  state(slurmJobId: string): Promise<SlurmJobState | undefined>;
  /** 1 for the next job to start among the pending ones (of the partition), undefined when not pending. */
  queuePosition(slurmJobId: string, partition: string | undefined): Promise<number | undefined>;
  cancel(slurmJobId: string): Promise<void>;
  /** The id of a job (pending, running or recently ended) with this --comment, if any. */
  findByComment(comment: string): Promise<string | undefined>;
  /** The resident memory of the job's batch step in bytes (sstat), where Slurm samples it. */
  rss(slurmJobId: string): Promise<number | undefined>;
  /** The CPUs and memory of the partition's nodes (the default partition when none is named). */
  partitionResources(partition: string | undefined): Promise<Resources & { partition: string; nodes: number }>;
}

export function run(program: string, args: readonly string[], cwd?: string): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    execFile(program, [...args], { cwd, timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, shell: false }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(new SlurmCommandError(`${program} could not be run: ${error.message}`));
        return;
      }
      resolve({ stdout: String(stdout), stderr: String(stderr), code: typeof error?.code === 'number' ? error.code : 0 });
    });
  });
}

async function checked(program: string, args: readonly string[], cwd?: string): Promise<string> {
  const result = await run(program, args, cwd);
  if (result.code !== 0) throw new SlurmCommandError(`${program} ${args.join(' ')} failed: ${(result.stderr || result.stdout).trim() || `exit code ${result.code}`}`);
  return result.stdout;
}

/** "0:9" → exit code 0, signal 9. */
function exitCodeOf(text: string | undefined): { exitCode?: number; signal?: number } {
  const match = /^(\d+):(\d+)$/.exec(text?.trim() ?? '');
  if (!match) return {};
  return { exitCode: Number(match[1]), ...(Number(match[2]) ? { signal: Number(match[2]) } : {}) };
}

/** `scontrol show job -o`: Key=Value pairs on one line. */
export function parseScontrol(line: string): SlurmJobState | undefined {
  const field = (key: string) => new RegExp(`(?:^|\\s)${key}=(\\S*)`).exec(line)?.[1];
  const state = field('JobState');
  if (!state) return undefined;
  return { state: baseState(state), reason: field('Reason'), ...exitCodeOf(field('ExitCode')) };
}

export const slurmCommands: SlurmCommands = {
  async submit(script, extraArgs, cwd) {
    // --export=NONE: the runner's environment (its token) stays out of the job; the script sets the job's own.
    const out = await checked('sbatch', ['--parsable', '--export=NONE', ...extraArgs, script], cwd);
    const id = out.trim().split(';')[0]!;
    if (!/^\d+$/.test(id)) throw new SlurmCommandError(`sbatch answered "${out.trim()}", not a job id`);
    return id;
  },

  async state(slurmJobId) {
    const queued = await run('squeue', ['-h', '-j', slurmJobId, '-o', '%T|%r']);
    const [state, reason] = queued.code === 0 ? queued.stdout.trim().split('|') : [];
    if (state && !['COMPLETED', 'CANCELLED', 'FAILED', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'PREEMPTED', 'BOOT_FAIL', 'DEADLINE'].includes(state)) {
      return { state, reason };
    }
    // Ended: sacct where the cluster keeps accounting, else scontrol while slurmctld still remembers the job.
    const accounted = await run('sacct', ['-n', '-P', '-X', '-j', slurmJobId, '-o', 'State,ExitCode,Reason']);
    const row = accounted.code === 0 ? accounted.stdout.trim().split('\n')[0]?.split('|') : undefined;
    if (row?.[0]) return { state: baseState(row[0]), reason: row[2], ...exitCodeOf(row[1]) };
    const shown = await run('scontrol', ['show', 'job', '-o', slurmJobId]);
    if (shown.code === 0) return parseScontrol(shown.stdout);
    if (/Invalid job id/i.test(shown.stderr)) return undefined;
    throw new SlurmCommandError(`scontrol show job ${slurmJobId} failed: ${shown.stderr.trim()}`);
  },

  async queuePosition(slurmJobId, partition) {
    const out = await checked('squeue', ['-h', '-t', 'PENDING', ...(partition ? ['-p', partition] : []), '--sort=-p,i', '-o', '%i']);
    const index = out.split('\n').map((line) => line.trim()).indexOf(slurmJobId);
    return index < 0 ? undefined : index + 1;
  },

  async cancel(slurmJobId) {
    await checked('scancel', [slurmJobId]);
  },

  async findByComment(comment) {
    const out = await checked('squeue', ['-h', '-t', 'all', '-o', '%i|%k']);
    return out
      .split('\n')
      .map((line) => line.trim().split('|'))
      .find(([, k]) => k === comment)?.[0];
  },

  async rss(slurmJobId) {
    const out = await run('sstat', ['-n', '-P', '-a', '-j', slurmJobId, '-o', 'JobID,MaxRSS']);
    if (out.code !== 0) return undefined;
    const values = out.stdout.split('\n').map((line) => bytesOf(line.split('|')[1]));
    const known = values.filter((v): v is number => v !== undefined);
    return known.length ? Math.max(...known) : undefined;
  },

  async partitionResources(partition) {
    const name = partition ?? (await defaultPartition());
    const out = await checked('sinfo', ['-h', '-N', '-p', name, '-o', '%N|%c|%m']);
    const nodes = new Map<string, { cpus: number; mb: number }>();
    for (const line of out.split('\n')) {
      const [node, cpus, mb] = line.trim().split('|');
      if (node && !nodes.has(node)) nodes.set(node, { cpus: Number(cpus) || 0, mb: Number(mb) || 0 });
    }
    if (nodes.size === 0) throw new SlurmCommandError(`the Slurm partition ${name} has no nodes`);
    const cpus = [...nodes.values()].reduce((sum, n) => sum + n.cpus, 0);
    const mb = [...nodes.values()].reduce((sum, n) => sum + n.mb, 0);
    return { partition: name, nodes: nodes.size, cpuCores: cpus, ramInGb: Math.round((mb / 1024) * 10) / 10 };
  },
};

async function defaultPartition(): Promise<string> {
  const out = await checked('sinfo', ['-h', '-o', '%P']);
  const marked = out.split('\n').map((l) => l.trim()).find((l) => l.endsWith('*'));
  if (!marked) throw new SlurmCommandError('the Slurm cluster has no default partition: name one with --partition');
  return marked.slice(0, -1);
}

/** Slurm's sizes: "335244K", "1.5G", "1024" (KiB). */
export function bytesOf(text: string | undefined): number | undefined {
  const match = /^([\d.]+)([KMGT]?)$/i.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const unit = { '': 1024, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 }[match[2]!.toUpperCase() as '' | 'K' | 'M' | 'G' | 'T'];
  return Math.round(Number(match[1]) * unit);
}
