/**
 * `CORRIDOR_RUNNER_TOKEN=T corridor-runner --server URL [--name N] [--work DIR] [--cpus N] [--ram GB]
 * [--slurm [--partition P] [--account A] [--time HH:MM:SS] [--sbatch-arg ARG]…]`. The token
 * comes from the environment, so it does not show in `ps`; `--token T` still works (and wins) for older scripts.
 */
import { hostname } from 'node:os';
import path from 'node:path';
import { parseArgs as parseNodeArgs } from 'node:util';

export const TOKEN_ENV = 'CORRIDOR_RUNNER_TOKEN';
/** The bubblewrap executable, when not `bwrap` on PATH. */
export const BWRAP_ENV = 'CORRIDOR_BWRAP';
/** Default of --server-gone-timeout, in seconds. */
export const SERVER_GONE_ENV = 'CORRIDOR_SERVER_GONE_TIMEOUT';
export const DEFAULT_SERVER_GONE_S = 600;

export const USAGE = `Usage: ${TOKEN_ENV}=TOKEN corridor-runner --server URL [options]

Connects to a Corridor server, claims scheduled runs and executes them. TOKEN is a runner token from the
Runners page (shown once, when it is added); keep it in the environment, where ps does not show it.

  --server URL    the Corridor server, e.g. https://corridor.example.org
  --token TOKEN   the token on the command line instead of ${TOKEN_ENV} (visible to ps: avoid)
  --name NAME     the name shown on the Runners page (default: this host's name)
  --work DIR      working directory for the runs' files (default: ./runner-work)
  --cpus N        CPU cores to offer (default: all of this machine's)
  --ram GB        RAM in GB to offer (default: all of this machine's)
  --engines DIR   folder with MATSim release zips (matsim-{version}.zip) for job templates that name a release
  --unsandboxed   run jobs without the bubblewrap sandbox, also those of templates that allow custom JAR-files
                  (without this flag a runner that has no working bubblewrap refuses them)
  --slurm         hand each job to Slurm (sbatch) instead of running it here; --work must be a folder the cluster's
                  nodes share (the jobs' files, output and Slurm's log live there). Resources offered: the partition's
  --partition P   the Slurm partition (default: the cluster's default partition)
  --account A     the Slurm account jobs are charged to
  --time T        the jobs' wall-time limit, as Slurm takes it (HH:MM:SS, D-HH:MM:SS; default: the partition's)
  --sbatch-arg A  one more sbatch option for every job, e.g. --sbatch-arg=--qos=long (repeatable)
  --server-gone-timeout SECONDS
                  when the server has not answered for this long, stop the running jobs and exit (code 3);
                  0: wait for ever (default: ${SERVER_GONE_ENV} or ${DEFAULT_SERVER_GONE_S})
  --help          this text`;

export class UsageError extends Error {}

export interface RunnerOptions {
  /** The server's origin and path up to, not including, /api/v1. */
  serverUrl: string;
  token: string;
  name: string;
  /** Absolute path. */
  workDir: string;
  cpus: number | undefined;
  ramGb: number | undefined;
  /** --unsandboxed: the operator chose to run jobs without the sandbox. */
  unsandboxed: boolean;
  /** Absolute path of the folder with MATSim release zips, if any. */
  enginesDir: string | undefined;
  /** How long the server may stay unreachable before the runner stops its jobs and exits; 0: no limit. */
  serverGoneMs: number;
  /** --slurm: jobs go to the Slurm cluster (slurm/), with these sbatch settings. */
  slurm: SlurmSettings | undefined;
}

export interface SlurmSettings {
  partition: string | undefined;
  account: string | undefined;
  /** Wall time as Slurm takes it. */
  time: string | undefined;
  /** More sbatch options, each one argument. */
  extraArgs: string[];
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): RunnerOptions {
  let values;
  try {
    ({ values } = parseNodeArgs({
      args: [...argv],
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        name: { type: 'string' },
        work: { type: 'string' },
        cpus: { type: 'string' },
        ram: { type: 'string' },
        unsandboxed: { type: 'boolean' },
        engines: { type: 'string' },
        'server-gone-timeout': { type: 'string' },
        slurm: { type: 'boolean' },
        partition: { type: 'string' },
        account: { type: 'string' },
        time: { type: 'string' },
        'sbatch-arg': { type: 'string', multiple: true },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  if (!values.server) throw new UsageError('--server is required.');
  const token = values.token ?? env[TOKEN_ENV];
  if (!token?.trim()) throw new UsageError(`set ${TOKEN_ENV} to a runner token from the Runners page (or pass --token).`);
  const name = values.name?.trim() || hostname() || 'runner';
  return {
    serverUrl: serverUrl(values.server),
    token: token.trim(),
    name,
    workDir: path.resolve(cwd, values.work ?? 'runner-work'),
    cpus: values.cpus === undefined ? undefined : positive(values.cpus, '--cpus', true),
    ramGb: values.ram === undefined ? undefined : positive(values.ram, '--ram', false),
    unsandboxed: values.unsandboxed ?? false,
    enginesDir: values.engines === undefined ? undefined : path.resolve(cwd, values.engines),
    serverGoneMs: serverGoneMs(values['server-gone-timeout'], env[SERVER_GONE_ENV]),
    slurm: slurmSettings(values),
  };
}

function slurmSettings(values: { slurm?: boolean; partition?: string; account?: string; time?: string; 'sbatch-arg'?: string[] }): SlurmSettings | undefined {
  const given = (['partition', 'account', 'time', 'sbatch-arg'] as const).filter((name) => values[name] !== undefined);
  if (!values.slurm) {
    if (given.length) throw new UsageError(`--${given[0]} needs --slurm.`);
    return undefined;
  }
  const word = (name: 'partition' | 'account') => {
    const value = values[name]?.trim();
    if (value !== undefined && !/^[\w.-]+$/.test(value)) throw new UsageError(`--${name}: expected a Slurm ${name} name, got "${value}".`);
    return value || undefined;
  };
  const time = values.time?.trim();
  // Slurm's forms: M, M:S, H:M:S, D-H, D-H:M, D-H:M:S.
  if (time !== undefined && !/^(\d+-)?\d+(:\d+){0,2}$/.test(time)) throw new UsageError(`--time: expected a Slurm time such as 48:00:00 or 2-00:00:00, got "${time}".`);
  const extraArgs = values['sbatch-arg'] ?? [];
  const notOption = extraArgs.find((arg) => !arg.startsWith('-'));
  if (notOption !== undefined) throw new UsageError(`--sbatch-arg: expected an sbatch option such as --qos=long, got "${notOption}".`);
  return { partition: word('partition'), account: word('account'), time: time || undefined, extraArgs };
}

export function serverUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--server: not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--server: use an http:// or https:// URL.`);
  // Accept the address with or without the API prefix (`…/api/v1`).
  const pathname = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${pathname}`;
}

function serverGoneMs(flag: string | undefined, fromEnv: string | undefined): number {
  const text = flag ?? (fromEnv?.trim() || undefined);
  if (text === undefined) return DEFAULT_SERVER_GONE_S * 1000;
  if (text.trim() === '0') return 0;
  const name = flag === undefined ? SERVER_GONE_ENV : '--server-gone-timeout';
  return positive(text, name, false) * 1000;
}

function positive(text: string, flag: string, integer: boolean): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${flag}: expected a positive ${integer ? 'whole number' : 'number'}, got "${text}".`);
  }
  return value;
}
