/**
 * `corridor-runner watch --server URL --api-key KEY [options] <MATSim output directory>`. The key may come from the
 * environment instead (CORRIDOR_API_KEY), so it does not show in `ps`.
 */
import { basename, resolve } from 'node:path';
import { parseArgs as parseNodeArgs } from 'node:util';
import { serverUrl, UsageError } from '../args.ts';

export const API_KEY_ENV = 'CORRIDOR_API_KEY';
export const DEFAULT_IDLE_TIMEOUT_S = 600;

export const WATCH_USAGE = `Usage: corridor-runner watch --server URL --api-key KEY [options] <MATSim output directory>

Reports a MATSim run started outside Corridor (a laptop, a cluster node) to a Corridor server while it runs: creates
an external run, streams logfile.log, the current iteration, memory readings and scorestats/modestats, and at the
end uploads the output files and marks the run FINISHED (or FAILED).

  --server URL          the Corridor server, e.g. https://corridor.example.org
  --api-key KEY         an API key from your profile (or set ${API_KEY_ENV})
  --name NAME           the run's name (default: the output directory's name)
  --description TEXT    the run's description
  --scenario ID         the id of the scenario the run belongs to (you need edit access)
  --group NAME          the team to put the run in (default: your personal group)
  --pid PID             the MATSim process: when it ends before the log says "shutdown completed", the run FAILED
  --idle-timeout SECONDS
                        without --pid: when the log has not grown for this long, the run FAILED
                        (default: ${DEFAULT_IDLE_TIMEOUT_S})
  --help                this text`;

export interface WatchOptions {
  serverUrl: string;
  apiKey: string;
  /** Absolute path of the MATSim output directory (it may not exist yet). */
  outputDir: string;
  name: string;
  description: string;
  scenarioId: number | undefined;
  group: string | undefined;
  pid: number | undefined;
  idleTimeoutMs: number;
}

export function parseWatchArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): WatchOptions {
  let parsed;
  try {
    parsed = parseNodeArgs({
      args: [...argv],
      options: {
        server: { type: 'string' },
        'api-key': { type: 'string' },
        name: { type: 'string' },
        description: { type: 'string' },
        scenario: { type: 'string' },
        group: { type: 'string' },
        pid: { type: 'string' },
        'idle-timeout': { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (!values.server) throw new UsageError('--server is required.');
  const apiKey = (values['api-key'] ?? env[API_KEY_ENV])?.trim();
  if (!apiKey) throw new UsageError(`--api-key (or the environment variable ${API_KEY_ENV}) is required.`);
  if (positionals.length !== 1) throw new UsageError('Name exactly one MATSim output directory.');
  const outputDir = resolve(cwd, positionals[0]!);
  return {
    serverUrl: serverUrl(values.server),
    apiKey,
    outputDir,
    name: values.name?.trim() || basename(outputDir),
    description: values.description ?? '',
    scenarioId: values.scenario === undefined ? undefined : wholeNumber(values.scenario, '--scenario'),
    group: values.group?.trim() || undefined,
    pid: values.pid === undefined ? undefined : wholeNumber(values.pid, '--pid'),
    idleTimeoutMs: (values['idle-timeout'] === undefined ? DEFAULT_IDLE_TIMEOUT_S : positiveSeconds(values['idle-timeout'])) * 1000,
  };
}

function wholeNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new UsageError(`${flag}: expected a positive whole number, got "${text}".`);
  return value;
}

function positiveSeconds(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--idle-timeout: expected a positive number of seconds, got "${text}".`);
  return value;
}
