/**
 * The batch script a Slurm runner submits for one job (pure): the #SBATCH lines of the allocation (job name = the
 * run's key, CPUs, memory with room for the JVM, wall time, partition, account, Slurm's output file in the job's
 * staging folder), then the job's command — bwrap around the job template's command, as the local runner starts it —
 * with exactly the job's environment (`env -i`), and its exit code written next to the output.
 */
import { jobLimits } from '../job/job-limits.ts';
import type { SlurmSettings } from '../args.ts';

export interface BatchJob {
  jobId: number;
  /** Random, kept in the job's record: with the job id, the --comment a restarted runner finds the job by. */
  nonce: string;
  /** The run's key (its MATSim run id): the Slurm job name. */
  runKey: string;
  cpus: number;
  /** The run's memory setting ("4g", "4096m"); empty: Slurm's default. */
  memory: string;
  /** The job's staging folder on the shared file system: Slurm's working directory and output file go there. */
  dir: string;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** A file the script opens as fd 3 for the command (bwrap's seccomp filter of a root runner). */
  fd3File?: string;
}

/** Slurm's output (stdout and stderr of the batch script) in the job folder, followed like a job's output. */
export const SLURM_OUTPUT = 'slurm.out';
/** The command's exit code, written by the script when it ends. */
export const EXIT_CODE_FILE = 'slurm-exit-code';
export const SCRIPT_FILE = 'job.sbatch';
/**
 * Slurm's --comment on every job: how a restarted runner finds a job it submitted. Job ids repeat across Corridor
 * installations sharing a cluster, so a random part from the job's record makes it this job's alone.
 */
export const jobComment = (jobId: number, nonce: string) => `corridor-job-${jobId}-${nonce}`;

const MiB = 1024 * 1024;

/** --mem in MB: the memory limit a local job gets (the heap plus a quarter plus 512 MiB), or none. */
export function memoryMb(memory: string): number | undefined {
  const bytes = jobLimits(memory).memoryBytes;
  return bytes === undefined ? undefined : Math.ceil(bytes / MiB);
}

/** Slurm job names: printable, no spaces or shell/sbatch-special characters, at most 64 characters here. */
export function slurmJobName(runKey: string, jobId: number): string {
  const cleaned = runKey.replace(/[^\w.-]+/g, '_').slice(0, 64);
  return cleaned || `corridor-${jobId}`;
}

/** A path in an #SBATCH line: sbatch splits those lines on spaces and expands %j and friends. */
export function sbatchPathProblem(dir: string): string | undefined {
  return /[\s%'"\\]/.test(dir) ? `the working folder ${dir} has a space, %, quote or backslash in its path, which sbatch's options cannot carry: choose another --work` : undefined;
}

export function batchScript(job: BatchJob, settings: SlurmSettings): string {
  const mem = memoryMb(job.memory);
  const lines = [
    '#!/bin/bash',
    `#SBATCH --job-name=${slurmJobName(job.runKey, job.jobId)}`,
    `#SBATCH --comment=${jobComment(job.jobId, job.nonce)}`,
    `#SBATCH --output=${job.dir}/${SLURM_OUTPUT}`,
    `#SBATCH --chdir=${job.dir}`,
    '#SBATCH --nodes=1',
    '#SBATCH --ntasks=1',
    `#SBATCH --cpus-per-task=${Math.max(1, Math.floor(job.cpus))}`,
    ...(mem === undefined ? [] : [`#SBATCH --mem=${mem}M`]),
    ...(settings.time ? [`#SBATCH --time=${settings.time}`] : []),
    ...(settings.partition ? [`#SBATCH --partition=${settings.partition}`] : []),
    ...(settings.account ? [`#SBATCH --account=${settings.account}`] : []),
    `# Written by corridor-runner for Corridor job ${job.jobId} (run ${job.runKey}).`,
    'echo "corridor-runner: Slurm job ${SLURM_JOB_ID} started on $(hostname)"',
  ];
  const environment = Object.entries(job.env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(entry[0]))
    .map(([key, value]) => shellQuote(`${key}=${value}`));
  const command = ['env', '-i', ...environment, ...job.argv.map(shellQuote)].join(' ');
  lines.push(job.fd3File ? `${command} 3<${shellQuote(job.fd3File)}` : command);
  lines.push('code=$?', `echo "$code" > ${shellQuote(`${job.dir}/${EXIT_CODE_FILE}`)}`, 'exit "$code"', '');
  return lines.join('\n');
}

export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
