/**
 * The command line MATSim's RunMatsim accepts, so job templates work for both engines:
 * `corridor-engine <config.xml> [--config:module.param=value …] [--output DIR]`.
 */
export interface ConfigOverride {
  module: string;
  param: string;
  value: string;
}

export interface EngineArgs {
  configPath: string;
  overrides: ConfigOverride[];
  outputDir: string | undefined;
}

export class UsageError extends Error {}

export const USAGE = 'usage: corridor-engine <config.xml> [--config:module.param=value …] [--output DIR]';

export function parseArgs(argv: readonly string[]): EngineArgs {
  const overrides: ConfigOverride[] = [];
  let configPath: string | undefined;
  let outputDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    // "--name=value" and "--name value" are both accepted, as MATSim's CommandLine does.
    const takeValue = (name: string): string => {
      if (arg.includes('=')) return arg.slice(arg.indexOf('=') + 1);
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${name} needs a value.`);
      return next;
    };
    if (arg.startsWith('--config:')) {
      const read = readOverride(argv, i);
      overrides.push(read.override);
      i = read.last;
    } else if (arg === '--output' || arg.startsWith('--output=')) {
      outputDir = takeValue('--output');
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else if (configPath === undefined) {
      configPath = arg;
    } else {
      throw new UsageError(`Unexpected argument ${arg}: only one config file is read.`);
    }
  }
  if (configPath === undefined) throw new UsageError('No config file given.');
  return { configPath, overrides, outputDir };
}

/**
 * The override at `argv[i]` (`--config:module.param=value` or `--config:module.param value`) and the index of the
 * last word it used. Throws a UsageError for a malformed one.
 */
function readOverride(argv: readonly string[], i: number): { override: ConfigOverride; last: number } {
  const arg = argv[i]!;
  const key = arg.slice('--config:'.length).split('=')[0]!;
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1) {
    throw new UsageError(`${arg}: expected --config:module.param=value.`);
  }
  const module = key.slice(0, dot);
  const param = key.slice(dot + 1);
  if (param.includes('.') || param.includes('[')) {
    throw new UsageError(`${arg}: only module-level params can be overridden, not params inside parametersets.`);
  }
  // "--name=value" and "--name value" are both accepted, as MATSim's CommandLine does.
  if (arg.includes('=')) return { override: { module, param, value: arg.slice(arg.indexOf('=') + 1) }, last: i };
  const next = argv[i + 1];
  if (next === undefined) throw new UsageError(`--config:${key} needs a value.`);
  return { override: { module, param, value: next }, last: i + 1 };
}

/**
 * The config overrides in program arguments, read by the same rule as `parseArgs`, everything else ignored: what
 * the server shows as the config a run was scheduled with. Malformed overrides are left out (the run itself
 * refuses them).
 */
export function configOverrides(argv: readonly string[]): ConfigOverride[] {
  const overrides: ConfigOverride[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i]!.startsWith('--config:')) continue;
    try {
      const read = readOverride(argv, i);
      overrides.push(read.override);
      i = read.last;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
    }
  }
  return overrides;
}
