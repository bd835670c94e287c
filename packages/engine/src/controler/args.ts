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
      overrides.push({ module, param, value: takeValue(`--config:${key}`) });
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
